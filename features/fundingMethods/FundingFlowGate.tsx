import { lazy, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useAppSelector } from '../../store/hooks';
import type { RootState } from '../../store/rootReducer';
import { LazyBoundary } from '../errorRecovery/AppErrorBoundary';

// The host and every flow it opens load on demand: the first page only carries this gate.
const FundingFlowHost = lazy(() => import(/* webpackChunkName: "funding-host" */ './FundingFlowHost'));

/** Query parameters that open a funding flow (2.1); FundingFlowHost reads them exactly. */
const FLOW_QUERY =
  /[?&](?:(?:bankLink|bankLinkHighYield|regularDeposit|addFundingMethods|addWithdrawalMethods|bankVerification)=enabled|(?:m|auv|step)=)/;

/**
 * The funding slices inject themselves with the flows' code (never the first bundle), so before that none of them
 * is in the state, and none of their dialogs can be open.
 */
const selectAnyFundingDialogOpen = (state: RootState) =>
  (state.fundingModal?.modal ?? 'none') !== 'none' ||
  (state.manageFundingMethods?.removalId ?? null) !== null ||
  (state.manageFundingMethods?.relinkId ?? null) !== null ||
  (state.microDepositVerify?.paymentMethodId ?? null) !== null ||
  state.statementUpload?.open === true ||
  (state.nickname?.paymentMethodId ?? null) !== null;

/** Mounts the FundingFlowHost the first time a flow is asked for, by the address or by the store. */
export function FundingFlowGate() {
  const { search } = useLocation();
  const open = useAppSelector(selectAnyFundingDialogOpen);
  const [needed, setNeeded] = useState(false);
  const wanted = open || FLOW_QUERY.test(search);
  useEffect(() => {
    if (wanted) setNeeded(true);
  }, [wanted]);
  if (!needed && !wanted) return null;
  return (
    <LazyBoundary fallback={null}>
      <FundingFlowHost />
    </LazyBoundary>
  );
}
