import { selectAllAccounts } from '../../api/accountsApi';
import type { AppThunk } from '../../store/store';
import { depositFlowClosed, reviewBackPressed, selectDepositStep } from '../deposits/depositDraftSlice';
import { accountDigitsOf, retirementDestination } from '../deposits/iraDestination';
import {
  fundingFlowExited,
  fundingFlowOpened,
  fundingModalReturnedToBase,
  fundingModalSwitched,
  selectFundingModalState,
} from './fundingModalSlice';
import { flowFromQuery, flowsAsModal, fullRouteFor, queryWithoutFlow, type FullRoutePaths } from './fundingQuery';
import { selectStatementUpload, statementUploadOpened } from './statementUploadSlice';

/** The deposit flow's query (deposits-and-transfers.md 2): regularDeposit=enabled opens it on the current page. */
const depositRequested = (params: URLSearchParams) => params.get('regularDeposit') === 'enabled';
const RECURRING_FREQUENCIES = ['DAILY', 'WEEKLY', 'FORTNIGHTLY', 'MONTHLY'];
/** 'recurringDeposit' when the link asks for a schedule (flow=recurring-deposit or a recurring frequency). */
const depositModalFor = (params: URLSearchParams) =>
  params.get('flow') === 'recurring-deposit' || RECURRING_FREQUENCIES.includes((params.get('frequency') ?? '').toUpperCase())
    ? 'recurringDeposit'
    : 'deposit';
/** Closing the deposit flow removes its flag plus destination, frequency and dayOfWeek (section 2). */
export const DEPOSIT_CLOSE_PARAMS = ['regularDeposit', 'destination', 'frequency', 'dayOfWeek'];

/** The address a flow is opened from, and what decides how it opens there (read when the address changes). */
export interface FlowAddress {
  pathname: string;
  search: string;
  viewportWidth: number;
  fundingFlowsAsModal: boolean;
  newerSettingsLayout: boolean;
  paths: FullRoutePaths;
}

/**
 * A flag in the query opens its flow, as a modal here or on its own route. Returns the route to replace the
 * address with when the flow opens on its own route, else null (the flow, if any, is open in the store).
 */
export const openFundingFlowFromAddress =
  (address: FlowAddress): AppThunk<string | null> =>
  (dispatch, getState) => {
    const params = new URLSearchParams(address.search);
    const flow = flowFromQuery(params);
    if (!flow) {
      return depositRequested(params) ? dispatch(openDepositFromAddress(params, address)) : null;
    }
    if (flow.kind === 'statementUpload') {
      // Our decision: statement verification has no route of its own, so it is always a modal (a sheet on phones).
      if (!selectStatementUpload(getState()).open) dispatch(statementUploadOpened());
      return null;
    }
    if (!flowsAsModal(address.viewportWidth, address.fundingFlowsAsModal)) {
      const rest = queryWithoutFlow(params).toString();
      const route = fullRouteFor(flow, address.paths, `${address.pathname}${rest ? `?${rest}` : ''}`);
      if (route) return route;
    }
    const current = selectFundingModalState(getState());
    if (current.modal === flow.request.modal) return null;
    if (!flow.base && depositRequested(params)) {
      // A flow asked for over the deposit (Link Bank): closing it comes back to the deposit.
      dispatch(fundingFlowOpened({ modal: depositModalFor(params) }));
      dispatch(fundingModalSwitched(flow.request));
    } else if (flow.base) {
      dispatch(fundingFlowOpened(flow.base));
      dispatch(fundingModalSwitched(flow.request));
    } else {
      dispatch(fundingFlowOpened(flow.request));
    }
    return null;
  };

/**
 * regularDeposit=enabled: the deposit flow as a modal (a full-screen sheet below 760 px), or its route when modals
 * are off (returned, for the host to replace the address with).
 */
const openDepositFromAddress =
  (params: URLSearchParams, address: FlowAddress): AppThunk<string | null> =>
  (dispatch, getState) => {
    if (!address.fundingFlowsAsModal) {
      const query = new URLSearchParams(params);
      query.delete('regularDeposit');
      const destination = query.get('destination');
      const ira = retirementDestination(destination, selectAllAccounts(getState()));
      const path = ira
        ? '/settings/ira-deposit'
        : destination === 'high-yield'
          ? '/high-yield/deposit'
          : address.newerSettingsLayout
            ? '/settings/v2/deposit'
            : '/settings/deposit';
      if (ira) {
        query.delete('destination');
        query.set('account', accountDigitsOf(ira));
      }
      const rest = new URLSearchParams(params);
      for (const name of DEPOSIT_CLOSE_PARAMS) rest.delete(name);
      if (!query.has('origin')) query.set('origin', `${address.pathname}${rest.toString() ? `?${rest}` : ''}`);
      return `${path}?${query}`;
    }
    const current = selectFundingModalState(getState()).modal;
    if (current === 'deposit' || current === 'recurringDeposit') return null;
    dispatch(fundingFlowOpened({ modal: depositModalFor(params) }));
    return null;
  };

/**
 * Back or forward moved the open deposit flow's history to `depth`: Back on the review goes to the amount, the
 * amount step stays, anything else closes the flow. Returns true when it closed (the host then leaves its history).
 */
export const depositHistoryMoved =
  (depth: number): AppThunk<boolean> =>
  (dispatch, getState) => {
    if (depth > 0 && selectDepositStep(getState()) === 'deposit-review') {
      dispatch(reviewBackPressed());
      return false;
    }
    if (depth > 0 && selectDepositStep(getState()) === 'root') return false;
    dispatch(depositFlowClosed());
    return true;
  };

/** A flow closed: back to the deposit it started from, if any, else nothing open. */
export const closeFundingFlow = (): AppThunk => (dispatch, getState) => {
  const { baseFlow, modal } = selectFundingModalState(getState());
  if ((baseFlow === 'deposit' || baseFlow === 'recurringDeposit') && modal !== baseFlow) dispatch(fundingModalReturnedToBase());
  else dispatch(fundingFlowExited());
};
