import type { ConfirmTransferRequest, Deposit, InitiateTransferRequest, TransferIntent } from '../../api/contract';
import { ApiErrorCode, centsToMoney, DepositErrorCode } from '../../api/contract/values';
import { isApiError } from '../../api/apiError';
import type { AppThunk } from '../../store/store';
import {
  transferAmountSubmitted,
  transferConfirmed,
  transferFailed,
  transferIntentCreated,
  type InternalTransferDraft,
} from './internalTransferSlice';

/**
 * What Next and Confirm of the transfer between accounts do. The steps hand in their RTK Query mutation (the
 * hook's trigger, unwrapped), so the request and its busy state stay the step's; the decisions are here.
 */

const isInsufficientFunds = (error: unknown) => isApiError(error) && error.errorCode === DepositErrorCode.INSUFFICIENT_FUNDS;
/** A refusal for too many requests: the server's message says how long to wait, so the failure screen shows it. */
const waitMessageOf = (error: unknown) => (isApiError(error) && error.errorCode === ApiErrorCode.RATE_LIMITED ? error.message : null);
/** What a failed call puts on the failure screen. */
const failureOf = (stage: 'initiate' | 'confirm', error: unknown) => ({
  stage,
  insufficientFunds: isInsufficientFunds(error),
  waitMessage: waitMessageOf(error),
});

/** Next on the amount step: the draft is kept, then the server's intent leads to the review, a refusal to the failure screen. */
export const transferNextPressed =
  (next: InternalTransferDraft, initiateTransfer: (request: InitiateTransferRequest) => Promise<TransferIntent>): AppThunk<Promise<void>> =>
  async (dispatch) => {
    dispatch(transferAmountSubmitted(next));
    try {
      const intent = await initiateTransfer({
        sourceAccountUuid: next.sourceAccountUuid,
        destinationAccountUuid: next.destinationAccountUuid,
        amount: centsToMoney(next.amountCents),
        iraContributionYear: next.iraContributionYear,
      });
      dispatch(transferIntentCreated(intent.id));
    } catch (error) {
      dispatch(transferFailed(failureOf('initiate', error)));
    }
  };

/** Confirm on the review: a confirmed transfer leads to its success screen, anything else to the failure screen. */
export const transferConfirmPressed =
  (
    request: ConfirmTransferRequest & { idempotencyKey: string },
    confirmTransfer: (request: ConfirmTransferRequest & { idempotencyKey: string }) => Promise<Deposit>,
  ): AppThunk<Promise<void>> =>
  async (dispatch) => {
    try {
      const transfer = await confirmTransfer(request);
      if (transfer.status === 'CONFIRMED') dispatch(transferConfirmed({ transferId: transfer.id }));
      else dispatch(transferFailed({ stage: 'confirm', insufficientFunds: false }));
    } catch (error) {
      dispatch(transferFailed(failureOf('confirm', error)));
    }
  };
