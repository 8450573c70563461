import { createSelector } from '@reduxjs/toolkit';
import { depositRightsOf, type DepositRights } from '../../api/contract/customerStanding';
import { selectCurrentUser } from './sessionSlice';

/**
 * What the signed-in customer's standing allows with money (the contract's depositRightsOf), null while nobody is
 * signed in. Screens use it to leave out what a customer cannot do instead of letting them walk into a refusal.
 */
export const selectDepositRights = createSelector([selectCurrentUser], (user): DepositRights | null =>
  user === null ? null : depositRightsOf(user),
);

/**
 * A closed customer (or a rejected application) sees no deposit, withdrawal, link or add action: the money pages
 * are left out of the header and the portfolio, and the documents stay.
 */
export const selectMoneyActionsShown = createSelector([selectDepositRights], (rights) => rights !== 'none');

/** What the portfolio and the funding-methods page say instead of the actions a closed customer does not get. */
export const CLOSED_ACCOUNT_NOTE =
  'This account is closed, so no money can be added or linked. Your documents stay available under Documents.';
