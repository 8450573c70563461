/**
 * The debit card's address check: too many tries (a FundingErrorCode). The first bundle's persisted debit-card
 * attempts slice checks it, so it has a module of its own and the first bundle does not carry every funding code.
 */
export const ADDRESS_ATTEMPTS_EXCEEDED = 'ADDRESS_ATTEMPTS_EXCEEDED';
