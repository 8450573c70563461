import type { Reducer } from '@reduxjs/toolkit';
import { signedOut } from '../../api/authApi';
import type { DepositDraftState } from './depositDraftSlice';

/** An empty deposit draft: no amount, source or destination, on the amount step. */
export const initialDepositDraft: DepositDraftState = {
  draftId: null,
  amountCents: null,
  source: null,
  destinationAccountUuid: null,
  frequency: 'ONE_TIME',
  dayOfWeek: null,
  dayOfMonth: null,
  iraContributionYear: null,
  step: 'root',
  intentId: null,
  quote: null,
  split: null,
  splitKey: null,
  idempotencyKey: null,
  outcome: null,
  limitDialog: null,
  flow: null,
  savedAt: null,
};

/**
 * The deposit draft's place in the root reducer until the deposit flow's code loads: depositDraftSlice.ts then
 * injects the slice over it (same key, same state). Until then it keeps the draft redux-persist read back, so a
 * reload still keeps it, and clears it on sign-out as the slice does. No other action can change the draft before
 * the slice is there: every action of the draft is made by the slice's own module, which injects it.
 */
export const depositDraftHolder: Reducer<DepositDraftState> = (state = initialDepositDraft, action) =>
  signedOut(action) ? initialDepositDraft : state;
