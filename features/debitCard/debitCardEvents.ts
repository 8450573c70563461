import { createAction } from '@reduxjs/toolkit';
import type { DebitCardFailure } from './debitCardErrors';
import type { DebitCardScreen } from './debitCardSlice';

// Debit-card events that two slices answer: the flow (debitCard, loaded with the flow) and the persisted
// address-change counter (debitCardAttempts, in the first bundle because redux-persist restores it at start).
// They live here so the counter does not pull the whole flow slice into the first bundle.

export const debitCardLinked = createAction<{ displayName: string }>('debitCard/debitCardLinked');
export const addressChangeSent = createAction<{ attempts: number }>('debitCard/addressChangeSent');
/** The server refused the new address; used-up attempts end on the max-attempts screen. */
export const addressChangeRefused = createAction<DebitCardFailure>('debitCard/addressChangeRefused');
/** Closed, dismissed or done, from whichever screen was showing. */
export const debitCardFlowClosed = createAction<{ from: DebitCardScreen }>('debitCard/debitCardFlowClosed');
