/** The link-bank flow's words and the routes its ways out lead to (2.4). */

/** Where the fallbacks that leave the flow go (2.4), exactly. */
export const FALLBACK_ROUTES = {
  DEBIT_CARD: '/settings/payment-methods?m=debit',
  MICRO_DEPOSIT: '/settings/funding-methods?m=microdeposit&step=add-funding-method',
  WIRE_TRANSFER: '/settings/wire-transfer',
} as const;
/** Done in page mode reopens the add-funding-methods modal. */
export const PAGE_DONE_ROUTE = '/settings/funding-methods?addFundingMethods=enabled';
/** 'Set nickname' opens the management page's nickname editor for the new method. */
export const nicknameRoute = (paymentMethodId: string) => `/settings/funding-methods?nickname=${encodeURIComponent(paymentMethodId)}`;

export const BANK_LINK_TEXT = {
  selectorTitle: 'Select your bank',
  /** The selector's title when an addition rule refuses another bank (the page says why instead of a search). */
  blockedTitle: "You can't link another bank",
  choiceTitle: 'How do you want to link your bank?',
  numberTitle: 'Enter your account details',
  verificationTitle: 'Is this the right account?',
  errorTitle: "We couldn't verify your account",
  errorBody: 'Check your routing and account numbers, then try again.',
  // The spec has no words for an outage on this step. A careful fintech says whose problem it was: the
  // server's message (api/apiError.ts: our side, the connection, a time-out, slow down) and that the numbers
  // were not at fault, with Try Again. It does not claim nothing was linked: after a time-out we cannot know.
  outageTitle: "We couldn't link your account",
  outageNotYourNumbers: 'This was not a problem with the numbers you entered.',
  successTitle: 'Bank account linked',
} as const;
