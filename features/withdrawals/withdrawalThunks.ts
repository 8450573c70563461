import { withdrawalsApi } from '../../api/withdrawalsApi';
import { centsToMoney, type WithdrawalVariant } from '../../api/contract/values';
import type { Account, PaymentMethod } from '../../api/contract';
import { isApiError } from '../../api/apiError';
import type { AppThunk } from '../../store/store';
import { selectSelectedAccount } from '../accountSelection/accountSelectionSlice';
import { classifyFailure, withdrawalBanks, withdrawalSources } from './withdrawalRules';
import {
  selectWithdrawalState,
  withdrawalOpened,
  withdrawalOutcomeUnknown,
  withdrawalRefused,
  withdrawalSubmitted,
  withdrawalSucceeded,
} from './withdrawalSlice';

export const UNKNOWN_MESSAGE = 'We could not confirm your withdrawal. Try again: it will not be made twice.';

/** A fresh key for a new attempt (crypto.randomUUID needs a secure context; the fallback is just as unique here). */
const newKey = () =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `wd-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * The accounts and banks arrived (or the page asks for another variant, or the flow was closed): open the flow
 * with the account on show when the page offers it (else the first it offers) and the default bank.
 */
export const withdrawalAccountsArrived =
  (variant: WithdrawalVariant, accounts: Account[], methods: PaymentMethod[]): AppThunk =>
  (dispatch, getState) => {
    const sources = withdrawalSources(accounts, variant);
    const selected = selectSelectedAccount(getState());
    const source = sources.find((account) => account.accountUuid === selected?.accountUuid) ?? sources[0] ?? null;
    const bank = withdrawalBanks(methods)[0] ?? null;
    dispatch(withdrawalOpened({ variant, accountUuid: source?.accountUuid ?? null, paymentMethodId: bank?.id ?? null }));
  };

/**
 * Confirm: sends the withdrawal with the attempt's key (kept from a lost answer, else a new one) and maps the
 * answer to the result screen. Nothing happens while a request is already under way.
 */
export const withdrawalConfirmPressed = (): AppThunk<Promise<void>> => async (dispatch, getState) => {
  const before = selectWithdrawalState(getState());
  if (before.submitting || !before.accountUuid || !before.paymentMethodId || before.amountCents === null) return;
  dispatch(withdrawalSubmitted(newKey()));
  const flow = selectWithdrawalState(getState());
  const ira = flow.variant === 'ira';
  const request = dispatch(
    withdrawalsApi.endpoints.createWithdrawal.initiate({
      accountUuid: flow.accountUuid!,
      paymentMethodId: flow.paymentMethodId!,
      amount: centsToMoney(flow.amountCents!),
      ...(ira ? { federalWithholdingPercent: flow.withholdingPercent, distributionReason: flow.distributionReason } : {}),
      idempotencyKey: flow.attemptKey!,
    }),
  );
  try {
    const withdrawal = await request.unwrap();
    dispatch(withdrawalSucceeded({ withdrawalId: withdrawal.id }));
  } catch (error) {
    const apiError = isApiError(error) ? error : null;
    if (classifyFailure(apiError) === 'refused')
      dispatch(withdrawalRefused({ errorCode: apiError!.errorCode!, message: apiError!.message }));
    else dispatch(withdrawalOutcomeUnknown({ message: UNKNOWN_MESSAGE }));
  } finally {
    request.reset();
  }
};
