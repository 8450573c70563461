// Fixtures of the deposit draft's reducer tests (imported by tests only, never by the app).
import {
  amountCommitted,
  depositDraftSlice,
  depositFlowOpened,
  depositIntentCreated,
  initialDepositDraft,
  sourceChosen,
  type DepositDraftState,
  type DraftSource,
} from './depositDraftSlice';

/** The draft after these actions, from `state`. */
export const reduce = (state: DepositDraftState, ...actions: Parameters<typeof depositDraftSlice.reducer>[1][]) =>
  actions.reduce((current, action) => depositDraftSlice.reducer(current, action), state);

export const bank: DraftSource = { kind: 'paymentMethod', id: 'pm-bank', fundingSourceType: 'ACH' };
export const card: DraftSource = { kind: 'paymentMethod', id: 'pm-card', fundingSourceType: 'DEBIT_CARD' };
export const internal: DraftSource = { kind: 'internalAccount', id: 'uuid-ira', fundingSourceType: 'BUYING_POWER' };

/** A draft just opened for the brokerage account. */
export const opened = () => reduce(initialDepositDraft, depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }));
/** A $500 bank deposit on its review, with intent-1. */
export const atReview = () => reduce(opened(), amountCommitted(50_000), sourceChosen(bank), depositIntentCreated({ intentId: 'intent-1' }));
