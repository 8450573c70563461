import type { WithdrawalVariant } from '../../api/contract/values';
/** The withdrawal pages' own words (the spec has none for withdrawals; ours, listed in docs/decisions.md). */
export const WithdrawalMessages = {
  titles: { brokerage: 'Withdraw funds', ira: 'IRA withdrawal', highYield: 'Withdraw from high-yield cash' } satisfies Record<
    WithdrawalVariant,
    string
  >,
  review: 'Review withdrawal',
  successTitle: 'Withdrawal on its way',
  refusedTitle: 'Withdrawal not made',
  unknownTitle: 'Withdrawal unknown',
  noAccountTitle: 'No account to withdraw from',
  noAccountBody: 'You need an open account of this kind to withdraw money from it.',
  noBankTitle: 'Link a bank to withdraw',
  noBankBody: 'Withdrawals go to a bank account in your name. Debit cards and wires cannot receive them.',
  unverifiedBankBody: 'Your bank accounts need to be verified (or relinked) before money can be sent to them.',
  linkBank: 'Link a bank account',
  awaitingTitle: (bank: string) => `${bank} is waiting for micro-deposits`,
  awaitingBody: 'Enter the two small amounts we sent to it, and you can withdraw to this bank.',
  verifyBank: 'Verify micro-deposits',
  footnote:
    'Withdrawals go to your bank at 4 pm New York time on business days. Money from a bank deposit cannot be withdrawn until it settles, nor money from a debit card until its 120-day hold ends.',
  loadFailed: "We couldn't load your accounts",
} as const;
