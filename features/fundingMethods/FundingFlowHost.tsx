import { lazy, useCallback, useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { selectFlags } from '../../api/configApi';
import { useAppDispatch, useAppSelector, useAppStore } from '../../store/hooks';
import { Spinner } from '../../ui';
import { MODAL_BREAKPOINT_PX } from '../session/postLoginRoute';
import type { FundingOptionKind } from '../paymentMethods/paymentMethodSelectors';
import {
  fundingFlowExited,
  fundingFlowOpened,
  fundingModalReturnedToBase,
  fundingModalSwitched,
  selectFundingModalState,
} from './fundingModalSlice';
import { flowFromQuery, fullRouteFor, queryWithoutFlow, settingsPaths } from './fundingQuery';
import { relinkClosed, removalClosed, selectRelinkId, selectRemovalId } from './manageFundingMethodsSlice';
import { microDepositVerifyClosed, selectMicroDepositVerify } from './microDepositVerifySlice';
import { nicknameModalClosed, selectNickname } from './nicknameSlice';
import { selectStatementUpload, statementUploadClosed, statementUploadOpened } from './statementUploadSlice';
import { LazyBoundary } from '../errorRecovery/AppErrorBoundary';
import { FailureDialog } from '../errorRecovery/FailureDialog';
import { useAnalyticsFlush } from '../analytics/useAnalyticsFlush';
import { depositFlowClosed, reviewBackPressed, selectDepositStep } from '../deposits/depositDraftSlice';
import { flowDepthOf, useFlowHistory, type WantedDepth } from './useFlowHistory';
import { depositLinkKey } from '../deposits/depositLinkKey';
import { selectAllAccounts } from '../../api/accountsApi';
import { accountDigitsOf, retirementDestination } from '../deposits/iraDestination';

// Every flow is its own lazy chunk: none of them weighs on the first page.
const BankLinkFlow = lazy(() => import(/* webpackChunkName: "bank-link" */ '../bankLink/BankLinkFlow'));
const RelinkFlow = lazy(() => import(/* webpackChunkName: "bank-relink" */ '../bankLink/RelinkFlow'));
const DebitCardFlow = lazy(() => import(/* webpackChunkName: "debit-card" */ '../debitCard/DebitCardFlow'));
const ChooseFundingMethodModal = lazy(() =>
  import(/* webpackChunkName: "funding-choose" */ './ChooseFundingMethod').then((module) => ({ default: module.ChooseFundingMethodModal })),
);
const MicroDepositLinkModal = lazy(() => import(/* webpackChunkName: "micro-deposits" */ './MicroDepositLinkModal'));
const MicroDepositVerifyModal = lazy(() => import(/* webpackChunkName: "micro-deposits" */ './MicroDepositVerifyModal'));
const StatementUploadModal = lazy(() => import(/* webpackChunkName: "statement-upload" */ './StatementUploadModal'));
const RemoveMethodModal = lazy(() => import(/* webpackChunkName: "funding-manage" */ './RemoveMethodModal'));
const NicknameModal = lazy(() => import(/* webpackChunkName: "funding-manage" */ './NicknameModal'));
const DepositFlow = lazy(() => import(/* webpackChunkName: "deposit" */ '../deposits/DepositFlow'));
const IraDepositModal = lazy(() => import(/* webpackChunkName: "ira-deposit" */ '../iraDeposit/IraDepositModal'));

/** The deposit flow's query (deposits-and-transfers.md 2): regularDeposit=enabled opens it on the current page. */
const depositRequested = (params: URLSearchParams) => params.get('regularDeposit') === 'enabled';
const RECURRING_FREQUENCIES = ['DAILY', 'WEEKLY', 'FORTNIGHTLY', 'MONTHLY'];
/** 'recurringDeposit' when the link asks for a schedule (flow=recurring-deposit or a recurring frequency). */
const depositModalFor = (params: URLSearchParams) =>
  params.get('flow') === 'recurring-deposit' || RECURRING_FREQUENCIES.includes((params.get('frequency') ?? '').toUpperCase())
    ? 'recurringDeposit'
    : 'deposit';
/** Closing the deposit flow removes its flag plus destination, frequency and dayOfWeek (section 2). */
const DEPOSIT_CLOSE_PARAMS = ['regularDeposit', 'destination', 'frequency', 'dayOfWeek'];

const opening = (
  <div style={{ position: 'fixed', inset: 'auto 0 var(--ff-space-8) 0', display: 'grid', placeItems: 'center', zIndex: 60 }}>
    <Spinner label="Opening" codeLoading />
  </div>
);

/**
 * Each dialog waits for its own chunk, so one loading does not hide another that is open. A flow that fails (its
 * chunk gone after a deploy, or a render error) shows a dialog with Try again in its place; closing it closes the flow.
 */
const lazyFlow = (element: React.ReactNode, onClose: () => void) => (
  <LazyBoundary fallback={opening} renderFallback={(failure) => <FailureDialog {...failure} onClose={onClose} />}>
    {element}
  </LazyBoundary>
);

/** Whether flows open as modals here: a wide enough screen, and the fundingFlowsAsModal flag on (2.1). */
export const flowsAsModal = (viewportWidth: number, fundingFlowsAsModal: boolean) =>
  fundingFlowsAsModal && viewportWidth >= MODAL_BREAKPOINT_PX;

/**
 * Opens funding flows from the query flags of funding-methods.md 2.1 and renders whichever funding dialog the
 * store says is open, on top of the current page. It lives in the app layout, so every page can open them.
 */
export default function FundingFlowHost() {
  useAnalyticsFlush();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const location = useLocation();
  const navigate = useNavigate();
  const flags = useAppSelector(selectFlags);
  const funding = useAppSelector(selectFundingModalState);
  const relinkId = useAppSelector(selectRelinkId);
  const removalId = useAppSelector(selectRemovalId);
  const verify = useAppSelector(selectMicroDepositVerify);
  const nickname = useAppSelector(selectNickname);
  const statementUpload = useAppSelector(selectStatementUpload);
  const paths = settingsPaths(flags.newerSettingsLayout);
  const accounts = useAppSelector(selectAllAccounts);
  // A deposit into an IRA is the retirement variant of the deposit flow (section 2).
  const retirement = retirementDestination(new URLSearchParams(location.search).get('destination'), accounts);
  // Another deposit link followed while the deposit dialog is open opens it again with what that link names.
  const linkKey = depositLinkKey(new URLSearchParams(location.search));

  // A flag in the query opens its flow, as a modal here or on its own route. Only a change of the address opens
  // a flow; flags and paths are read as they are at that moment.
  const openFlowFromAddress = useEffectEvent(() => {
    const params = new URLSearchParams(location.search);
    const flow = flowFromQuery(params);
    if (!flow) {
      if (depositRequested(params)) openDeposit(params);
      return;
    }
    if (flow.kind === 'statementUpload') {
      // Our decision: statement verification has no route of its own, so it is always a modal (a sheet on phones).
      if (!selectStatementUpload(store.getState()).open) dispatch(statementUploadOpened());
      return;
    }
    if (!flowsAsModal(window.innerWidth, flags.fundingFlowsAsModal)) {
      const rest = queryWithoutFlow(params).toString();
      const route = fullRouteFor(flow, paths, `${location.pathname}${rest ? `?${rest}` : ''}`);
      if (route) {
        navigate(route, { replace: true });
        return;
      }
    }
    const current = selectFundingModalState(store.getState());
    if (current.modal === flow.request.modal) return;
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
  });
  useEffect(() => {
    openFlowFromAddress();
  }, [location.search, location.pathname]);

  /** regularDeposit=enabled: the deposit flow as a modal (a full-screen sheet below 760 px), or its route when modals are off. */
  function openDeposit(params: URLSearchParams) {
    if (!flags.fundingFlowsAsModal) {
      const query = new URLSearchParams(params);
      query.delete('regularDeposit');
      const destination = query.get('destination');
      const ira = retirementDestination(destination, selectAllAccounts(store.getState()));
      const path = ira
        ? '/settings/ira-deposit'
        : destination === 'high-yield'
          ? '/high-yield/deposit'
          : flags.newerSettingsLayout
            ? '/settings/v2/deposit'
            : '/settings/deposit';
      if (ira) {
        query.delete('destination');
        query.set('account', accountDigitsOf(ira));
      }
      const rest = new URLSearchParams(params);
      for (const name of DEPOSIT_CLOSE_PARAMS) rest.delete(name);
      if (!query.has('origin')) query.set('origin', `${location.pathname}${rest.toString() ? `?${rest}` : ''}`);
      navigate(`${path}?${query}`, { replace: true });
      return;
    }
    const current = selectFundingModalState(store.getState()).modal;
    if (current === 'deposit' || current === 'recurringDeposit') return;
    dispatch(fundingFlowOpened({ modal: depositModalFor(params) }));
  }

  // The deposit flows' steps are history entries (useFlowHistory): Back on the review goes to the amount, Back
  // on the first step or a result closes the flow, and closing pops the entries the flow made.
  const depositOpen = funding.modal === 'deposit' || funding.modal === 'recurringDeposit';
  const depositStep = useAppSelector(selectDepositStep);
  const shownDepth = flowDepthOf(location.state);
  const wantedDepth: WantedDepth = depositOpen
    ? depositStep === 'root'
      ? 1
      : depositStep === 'deposit-review'
        ? 2
        : Math.max(shownDepth, 1)
    : funding.baseFlow === 'deposit' || funding.baseFlow === 'recurringDeposit'
      ? 'hold'
      : null;
  const depositHistory = useFlowHistory(wantedDepth, (depth) => {
    if (depth > 0 && selectDepositStep(store.getState()) === 'deposit-review') {
      dispatch(reviewBackPressed());
      return;
    }
    if (depth > 0 && selectDepositStep(store.getState()) === 'root') return;
    dispatch(depositFlowClosed());
    closeDeposit();
  });

  /** Closing the deposit flow removes its flag plus destination, frequency and dayOfWeek from the address it was opened on. */
  const closeDeposit = () => {
    dispatch(fundingFlowExited());
    depositHistory.leave((here) => {
      const params = new URLSearchParams(here.search);
      for (const name of DEPOSIT_CLOSE_PARAMS) params.delete(name);
      const search = params.toString();
      navigate({ pathname: here.pathname, search: search ? `?${search}` : '', hash: here.hash }, { replace: true });
    });
  };

  /** Strips the flow's flags (and destination, frequency, dayOfWeek) from the address. */
  const clearQuery = useCallback(() => {
    const params = new URLSearchParams(location.search);
    const next = queryWithoutFlow(params);
    if (next.toString() !== params.toString()) {
      const search = next.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    }
  }, [location.pathname, location.search, location.hash, navigate]);

  /** A flow closed: back to the deposit it started from, if any, else nothing open. */
  const closeFlow = useCallback(() => {
    const { baseFlow, modal } = selectFundingModalState(store.getState());
    if ((baseFlow === 'deposit' || baseFlow === 'recurringDeposit') && modal !== baseFlow) dispatch(fundingModalReturnedToBase());
    else dispatch(fundingFlowExited());
    clearQuery();
  }, [dispatch, store, clearQuery]);

  // The wire transfer "modal" is the wire page.
  useEffect(() => {
    if (funding.modal !== 'wireTransfer') return;
    dispatch(fundingFlowExited());
    navigate(paths.wireTransfer);
  }, [funding.modal, dispatch, navigate, paths.wireTransfer]);

  const chooseNext = (kind: FundingOptionKind) => {
    if (kind === 'wire') {
      dispatch(fundingFlowExited());
      navigate(paths.wireTransfer);
    } else {
      dispatch(fundingModalSwitched({ modal: kind === 'bank' ? 'ach' : kind === 'debitCard' ? 'debitCard' : 'microDeposit' }));
    }
  };

  const modal = funding.modal;
  return (
    <>
      {modal === 'addMethod'
        ? lazyFlow(
            <ChooseFundingMethodModal mode={funding.withdrawalMode ? 'withdrawal' : 'funding'} onNext={chooseNext} onClose={closeFlow} />,
            closeFlow,
          )
        : null}
      {modal === 'ach'
        ? lazyFlow(<BankLinkFlow presentation="modal" highYieldOnly={funding.highYieldOnly} onClose={closeFlow} />, closeFlow)
        : null}
      {modal === 'debitCard'
        ? lazyFlow(
            <DebitCardFlow
              presentation="modal"
              replacePaymentMethodId={funding.replacePaymentMethodId ?? undefined}
              auvToken={funding.auvToken ?? undefined}
              onClose={closeFlow}
            />,
            closeFlow,
          )
        : null}
      {modal === 'microDeposit' ? lazyFlow(<MicroDepositLinkModal onClose={closeFlow} />, closeFlow) : null}
      {(modal === 'deposit' || modal === 'recurringDeposit') && retirement
        ? lazyFlow(<IraDepositModal key={linkKey} accountDigits={accountDigitsOf(retirement)} onClose={closeDeposit} />, closeDeposit)
        : null}
      {(modal === 'deposit' || modal === 'recurringDeposit') && !retirement
        ? lazyFlow(<DepositFlow key={linkKey} presentation="modal" onClose={closeDeposit} />, closeDeposit)
        : null}
      {relinkId
        ? lazyFlow(<RelinkFlow paymentMethodId={relinkId} onClose={() => dispatch(relinkClosed())} />, () => dispatch(relinkClosed()))
        : null}
      {verify.paymentMethodId
        ? lazyFlow(<MicroDepositVerifyModal key={verify.paymentMethodId} inWithdrawal={verify.inWithdrawal} />, () =>
            dispatch(microDepositVerifyClosed()),
          )
        : null}
      {statementUpload.open
        ? lazyFlow(<StatementUploadModal onClose={clearQuery} />, () => {
            dispatch(statementUploadClosed());
            clearQuery();
          })
        : null}
      {removalId ? lazyFlow(<RemoveMethodModal />, () => dispatch(removalClosed())) : null}
      {nickname.paymentMethodId ? lazyFlow(<NicknameModal key={nickname.paymentMethodId} />, () => dispatch(nicknameModalClosed())) : null}
    </>
  );
}
