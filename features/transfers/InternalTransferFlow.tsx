import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiErrorCode, centsToMoney, DepositErrorCode, formatCents, moneyToCents } from '../../api/contract/values';
import type { Account } from '../../api/contract';
import { selectAllAccounts, useGetAccountsQuery } from '../../api/accountsApi';
import { useConfirmTransferMutation, useGetIraContributionsQuery, useInitiateTransferMutation } from '../../api/depositsApi';
import { errorMessage, isApiError } from '../../api/apiError';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectSelectedAccount } from '../accountSelection/accountSelectionSlice';
import { accountLabel } from '../moneyFlow/moneyFormat';
import { useMarketToday } from '../config/marketClock';
import { amountInputToCents, centsToAmountInput } from '../deposits/depositRules';
import { REVIEW_FOOTNOTES } from '../moneyFlow/moneyCopy';
import { defaultIraYear, iraLimitText, iraYearLabel, iraYearOptions, isRetirementAccount, priorYearText } from '../iraDeposit/iraDepositRules';
import { MoneySummary } from '../moneyFlow/MoneySummary';
import { AlertIcon, AmountField, Button, CheckCircleIcon, EmptyState, ErrorState, Notice, SelectField, Spinner, Stack } from '../../src/ui';
import {
  defaultTransferDestination,
  defaultTransferSource,
  TransferMessages,
  transferAmountMessage,
  transferDestinationOptions,
  transferProblem,
  transferSourceOptions,
} from './internalTransferRules';
import {
  internalTransferClosed,
  internalTransferOpened,
  selectInternalTransferState,
  transferAmountSubmitted,
  transferConfirmed,
  transferFailed,
  transferIntentCreated,
  transferReviewBackPressed,
  transferTryAgainChosen,
  type InternalTransferStep,
} from './internalTransferSlice';
import { FlowFrame, useFlowPageButtons } from '../moneyFlow/FlowFrame';
import './internalTransfer.css';

export interface InternalTransferFlowProps {
  presentation: 'modal' | 'page';
  onClose(): void;
  /** Today's calendar date ('yyyy-MM-dd'), for the contribution years of an IRA destination; tests pass one. */
  today?: string;
}

const TRANSFER_MODAL_WIDTH_PX = 496;

const TITLES: Record<InternalTransferStep, string> = {
  amount: 'Transfer between accounts',
  'transfer-review': 'Review transfer',
  'transfer-success': 'Transfer complete',
  'deposit-failed-insufficient-funds': TransferMessages.failedTitle,
  'hyca-transfer-error': TransferMessages.failedTitle,
};

const isInsufficientFunds = (error: unknown) => isApiError(error) && error.errorCode === DepositErrorCode.INSUFFICIENT_FUNDS;
/** A refusal for too many requests: the server's message says how long to wait, so the failure screen shows it. */
const waitMessageOf = (error: unknown) => (isApiError(error) && error.errorCode === ApiErrorCode.RATE_LIMITED ? error.message : null);
/** What a failed call puts on the failure screen. */
const failureOf = (stage: 'initiate' | 'confirm', error: unknown) => ({ stage, insufficientFunds: isInsufficientFunds(error), waitMessage: waitMessageOf(error) });

/**
 * A transfer between two of the customer's own accounts: amount, From and To (and a contribution year for an
 * IRA) → initiateTransfer → review → confirmTransfer with an idempotency key → transfer-success, or 'Transfer
 * failed' (hyca-transfer-error), or the insufficient-funds message.
 */
export default function InternalTransferFlow({ presentation, onClose, today: todayProp }: InternalTransferFlowProps) {
  const dispatch = useAppDispatch();
  const marketToday = useMarketToday();
  const today = todayProp ?? marketToday;
  const { step } = useAppSelector(selectInternalTransferState);
  const accountsQuery = useGetAccountsQuery();
  const accounts = useAppSelector(selectAllAccounts);

  useEffect(() => {
    dispatch(internalTransferOpened());
  }, [dispatch]);

  const close = () => {
    dispatch(internalTransferClosed());
    onClose();
  };

  let body: ReactNode;
  if (accountsQuery.isLoading) {
    body = <Spinner label="Loading your accounts" />;
  } else if (accountsQuery.isError) {
    body = <ErrorState title="We couldn't load your accounts" body={errorMessage(accountsQuery.error)} onRetry={() => void accountsQuery.refetch()} />;
  } else if (transferSourceOptions(accounts, null).length === 0 || accounts.length < 2) {
    body = <EmptyState title="Nothing to transfer between" body="You need two Fundflow accounts to move money between them." />;
  } else if (step === 'amount') {
    body = <AmountStep today={today} />;
  } else if (step === 'transfer-review') {
    body = <ReviewStep />;
  } else if (step === 'transfer-success') {
    body = <SuccessStep onDone={close} />;
  } else {
    body = <FailureStep insufficientFunds={step === 'deposit-failed-insufficient-funds'} onDismiss={close} />;
  }

  return (
    <FlowFrame
      presentation={presentation}
      page="title"
      block="ff-transfer"
      title={TITLES[step]}
      onClose={close}
      width={TRANSFER_MODAL_WIDTH_PX}
      onBack={step === 'transfer-review' ? () => dispatch(transferReviewBackPressed()) : undefined}
      onCancel={close}
    >
      {body}
    </FlowFrame>
  );
}

// ---- amount ----

function AmountStep({ today }: { today: string }) {
  const dispatch = useAppDispatch();
  // On its own page the amount step offers Cancel (a dialog has its close button).
  const { onCancel } = useFlowPageButtons();
  const { draft } = useAppSelector(selectInternalTransferState);
  const accounts = useAppSelector(selectAllAccounts);
  const selected = useAppSelector(selectSelectedAccount);
  const [initiateTransfer] = useInitiateTransferMutation();

  const [amountText, setAmountText] = useState(() => (draft ? centsToAmountInput(draft.amountCents) : ''));
  const [sourceUuid, setSourceUuid] = useState<string | null>(draft?.sourceAccountUuid ?? null);
  const [destinationUuid, setDestinationUuid] = useState<string | null>(draft?.destinationAccountUuid ?? null);
  const [yearChoice, setYearChoice] = useState<number | null>(draft?.iraContributionYear ?? null);
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  // The source list does not depend on the destination: choosing the destination's account as source moves it.
  const sourceOptions = useMemo(() => transferSourceOptions(accounts, null), [accounts]);
  const destinationOptions = useMemo(() => transferDestinationOptions(accounts, sourceUuid), [accounts, sourceUuid]);
  const source = sourceOptions.find((option) => option.account.accountUuid === sourceUuid) ?? null;
  const destination = destinationOptions.find((option) => option.account.accountUuid === destinationUuid) ?? null;

  // Preselect: the account being looked at (when it can send), and the first account that can receive.
  useEffect(() => {
    if (sourceUuid === null) setSourceUuid(defaultTransferSource(sourceOptions, selected?.accountUuid ?? null)?.accountUuid ?? null);
  }, [sourceUuid, sourceOptions, selected]);
  useEffect(() => {
    if (sourceUuid !== null && !destination) setDestinationUuid(defaultTransferDestination(destinationOptions)?.accountUuid ?? null);
  }, [sourceUuid, destination, destinationOptions]);

  // A retirement destination makes it a contribution: its tax years and their room.
  const toIra = destination !== null && isRetirementAccount(destination.account);
  const contributions = useGetIraContributionsQuery(destinationUuid ?? '', { skip: !toIra });
  const yearOptions = useMemo(() => (toIra && contributions.data ? iraYearOptions(contributions.data, today) : []), [toIra, contributions.data, today]);
  const iraYear = yearOptions.find((option) => option.year === yearChoice) ?? null;
  useEffect(() => {
    if (yearOptions.length > 0 && !iraYear) setYearChoice(defaultIraYear(yearOptions));
  }, [yearOptions, iraYear]);

  const amountCents = amountInputToCents(amountText);
  const problem = transferProblem({ amountCents, source, destination, iraYear: toIra ? iraYear : null });
  const amountMessage = transferAmountMessage(problem, amountCents, iraYear);
  const canContinue = problem === null && !submitting;

  const onNext = async () => {
    if (!canContinue || !source || !destination || amountCents === null) return;
    const next = {
      sourceAccountUuid: source.account.accountUuid,
      destinationAccountUuid: destination.account.accountUuid,
      amountCents,
      iraContributionYear: toIra ? (iraYear?.year ?? null) : null,
    };
    dispatch(transferAmountSubmitted(next));
    setSubmitting(true);
    try {
      const intent = await initiateTransfer({
        sourceAccountUuid: next.sourceAccountUuid,
        destinationAccountUuid: next.destinationAccountUuid,
        amount: centsToMoney(amountCents),
        iraContributionYear: next.iraContributionYear,
      }).unwrap();
      dispatch(transferIntentCreated(intent.id));
    } catch (error) {
      dispatch(transferFailed(failureOf('initiate', error)));
    } finally {
      setSubmitting(false);
    }
  };

  const option = ({ account, disabledReason }: { account: Account; disabledReason: string | null }) => ({
    value: account.accountUuid,
    label: `${accountLabel(account)} · ${formatCents(moneyToCents(account.balance))}${disabledReason ? ` (${disabledReason})` : ''}`,
    disabled: disabledReason !== null,
  });

  return (
    <form
      className="ff-transfer__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onNext();
      }}
    >
      <Stack gap={5}>
        <AmountField
          label="Amount"
          size="lg"
          name="amount"
          value={amountText}
          onChange={setAmountText}
          onBlur={() => setTouched(true)}
          error={(amountText !== '' || touched) && amountMessage ? amountMessage : undefined}
          hint={source ? `Available to transfer: ${formatCents(moneyToCents(source.account.balance))}` : undefined}
        />
        <SelectField
          label="From"
          name="source"
          value={source ? source.account.accountUuid : ''}
          onChange={(uuid) => {
            setSourceUuid(uuid);
            // An account chosen as source cannot stay the destination.
            if (uuid === destinationUuid) setDestinationUuid(null);
          }}
          placeholder={source ? undefined : 'Choose an account'}
          options={sourceOptions.map(option)}
        />
        <SelectField
          label="To"
          name="destination"
          value={destination ? destination.account.accountUuid : ''}
          onChange={setDestinationUuid}
          placeholder={destination ? undefined : 'Choose an account'}
          options={destinationOptions.map(option)}
        />
        {toIra ? (
          contributions.isError ? (
            <ErrorState title="We couldn't load your contribution years" body={errorMessage(contributions.error)} onRetry={() => void contributions.refetch()} />
          ) : (
            <SelectField
              label="Contribution year"
              name="year"
              value={iraYear ? String(iraYear.year) : ''}
              onChange={(year) => setYearChoice(Number(year))}
              placeholder={iraYear ? undefined : 'Choose a year'}
              disabled={yearOptions.length === 0}
              options={yearOptions.map((year) => ({ value: String(year.year), label: iraYearLabel(year) }))}
              hint={iraYear ? iraLimitText(iraYear.year) : undefined}
            />
          )
        ) : null}
        {toIra && iraYear?.oneTimeOnly ? <Notice tone="info">{priorYearText(iraYear)}</Notice> : null}
        <Button type="submit" fullWidth disabled={!canContinue && !submitting} loading={submitting}>
          Next
        </Button>
        {onCancel ? (
          <Button variant="ghost" fullWidth onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </Stack>
    </form>
  );
}

// ---- review ----

function ReviewStep() {
  // On its own page the review offers Back (a dialog has its back arrow).
  const { onBack } = useFlowPageButtons();
  const dispatch = useAppDispatch();
  const { draft, intentId, idempotencyKey } = useAppSelector(selectInternalTransferState);
  const accounts = useAppSelector(selectAllAccounts);
  const [confirmTransfer, { isLoading }] = useConfirmTransferMutation();
  // Disabled while a confirmation runs; the ref also stops a second click before the re-render.
  const confirming = useRef(false);
  if (!draft || !intentId || !idempotencyKey) return null;
  const name = (uuid: string) => {
    const account = accounts.find((candidate) => candidate.accountUuid === uuid);
    return account ? accountLabel(account) : 'Your account';
  };

  const onConfirm = async () => {
    if (confirming.current) return;
    confirming.current = true;
    try {
      const transfer = await confirmTransfer({ id: intentId, idempotencyKey }).unwrap();
      if (transfer.status === 'CONFIRMED') dispatch(transferConfirmed({ transferId: transfer.id }));
      else dispatch(transferFailed({ stage: 'confirm', insufficientFunds: false }));
    } catch (error) {
      dispatch(transferFailed(failureOf('confirm', error)));
    } finally {
      confirming.current = false;
    }
  };

  return (
    <Stack gap={5}>
      <MoneySummary
        amountCents={draft.amountCents}
        caption="will be transferred"
        rows={[
          { label: 'From', value: name(draft.sourceAccountUuid) },
          { label: 'To', value: name(draft.destinationAccountUuid) },
          ...(draft.iraContributionYear !== null ? [{ label: 'Contribution year', value: String(draft.iraContributionYear) }] : []),
          { label: 'Total', value: formatCents(draft.amountCents) },
        ]}
        footnote={REVIEW_FOOTNOTES.transfer}
      />
      <Button fullWidth loading={isLoading} onClick={() => void onConfirm()}>
        Confirm
      </Button>
      {onBack ? (
        <Button variant="ghost" fullWidth onClick={onBack} disabled={isLoading}>
          Back
        </Button>
      ) : null}
    </Stack>
  );
}

// ---- results ----

function SuccessStep({ onDone }: { onDone(): void }) {
  const { draft } = useAppSelector(selectInternalTransferState);
  const accounts = useAppSelector(selectAllAccounts);
  if (!draft) return null;
  const name = (uuid: string) => {
    const account = accounts.find((candidate) => candidate.accountUuid === uuid);
    return account ? accountLabel(account) : 'your account';
  };
  return (
    <Stack gap={5} align="center" className="ff-transfer__status">
      <span className="ff-transfer__status-icon ff-transfer__status-icon--success">
        <CheckCircleIcon size={28} />
      </span>
      <p role="status">
        {formatCents(draft.amountCents)} moved from {name(draft.sourceAccountUuid)} to {name(draft.destinationAccountUuid)}.
      </p>
      <Button fullWidth onClick={onDone}>
        Done
      </Button>
    </Stack>
  );
}

function FailureStep({ insufficientFunds, onDismiss }: { insufficientFunds: boolean; onDismiss(): void }) {
  const dispatch = useAppDispatch();
  const { waitMessage } = useAppSelector(selectInternalTransferState);
  return (
    <Stack gap={5} align="center" className="ff-transfer__status">
      <span className="ff-transfer__status-icon ff-transfer__status-icon--error">
        <AlertIcon size={28} />
      </span>
      <p role="alert">{insufficientFunds ? TransferMessages.insufficientFunds : (waitMessage ?? TransferMessages.failedBody)}</p>
      <div className="ff-transfer__actions">
        <Button onClick={() => dispatch(transferTryAgainChosen())}>Try again</Button>
        <Button variant="secondary" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </Stack>
  );
}
