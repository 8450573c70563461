import { lazy, useCallback, useEffect, useEffectEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { selectFlags } from '../../api/configApi';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Spinner } from '../../ui';
import type { FundingOptionKind } from '../paymentMethods/paymentMethodSelectors';
import { closeFundingFlow, DEPOSIT_CLOSE_PARAMS, depositHistoryMoved, openFundingFlowFromAddress } from './fundingFlowThunks';
import { fundingFlowExited, fundingModalSwitched, selectFundingModalState } from './fundingModalSlice';
import { queryWithoutFlow, settingsPaths } from './fundingQuery';
import { relinkClosed, removalClosed, selectRelinkId, selectRemovalId } from './manageFundingMethodsSlice';
import { microDepositVerifyClosed, selectMicroDepositVerify } from './microDepositVerifySlice';
import { nicknameModalClosed, selectNickname } from './nicknameSlice';
import { selectStatementUpload, statementUploadClosed } from './statementUploadSlice';
import { LazyBoundary } from '../errorRecovery/AppErrorBoundary';
import { FailureDialog } from '../errorRecovery/FailureDialog';
import { useAnalyticsFlush } from '../analytics/useAnalyticsFlush';
import { selectDepositStep } from '../deposits/depositDraftSlice';
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

/**
 * Opens funding flows from the query flags of funding-methods.md 2.1 and renders whichever funding dialog the
 * store says is open, on top of the current page. It lives in the app layout, so every page can open them.
 */
export default function FundingFlowHost() {
  useAnalyticsFlush();
  const dispatch = useAppDispatch();
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
    const route = dispatch(
      openFundingFlowFromAddress({
        pathname: location.pathname,
        search: location.search,
        viewportWidth: window.innerWidth,
        fundingFlowsAsModal: flags.fundingFlowsAsModal,
        newerSettingsLayout: flags.newerSettingsLayout,
        paths,
      }),
    );
    if (route) navigate(route, { replace: true });
  });
  useEffect(() => {
    openFlowFromAddress();
  }, [location.search, location.pathname]);

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
    if (dispatch(depositHistoryMoved(depth))) closeDeposit();
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
    dispatch(closeFundingFlow());
    clearQuery();
  }, [dispatch, clearQuery]);

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
