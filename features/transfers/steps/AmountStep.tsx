import { useEffect, useMemo, useState } from 'react';
import { amountInputToCents, centsToAmountInput, formatCents, moneyToCents } from '../../../api/contract/values';
import type { Account } from '../../../api/contract';
import { selectAllAccounts } from '../../../api/accountsApi';
import { useGetIraContributionsQuery, useInitiateTransferMutation } from '../../../api/depositsApi';
import { errorMessage } from '../../../api/apiError';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { AmountField, Button, ErrorState, Notice, SelectField, Stack } from '../../../ui';
import { selectSelectedAccount } from '../../accountSelection/accountSelectionSlice';
import {
  defaultIraYear,
  iraLimitText,
  iraYearLabel,
  iraYearOptions,
  isRetirementAccount,
  priorYearText,
} from '../../iraDeposit/iraDepositRules';
import { useFlowPageButtons } from '../../moneyFlow/FlowFrame';
import { accountLabel } from '../../moneyFlow/moneyFormat';
import {
  defaultTransferDestination,
  defaultTransferSource,
  transferAmountMessage,
  transferDestinationOptions,
  transferProblem,
  transferSourceOptions,
} from '../internalTransferRules';
import { selectInternalTransferState } from '../internalTransferSlice';
import { transferNextPressed } from '../internalTransferThunks';

/** The transfer's amount, From and To (and a contribution year for an IRA); Next runs transferNextPressed. */
export function AmountStep({ today }: { today: string }) {
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
  const yearOptions = useMemo(
    () => (toIra && contributions.data ? iraYearOptions(contributions.data, today) : []),
    [toIra, contributions.data, today],
  );
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
    setSubmitting(true);
    try {
      await dispatch(transferNextPressed(next, (request) => initiateTransfer(request).unwrap()));
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
            <ErrorState
              title="We couldn't load your contribution years"
              body={errorMessage(contributions.error)}
              onRetry={() => void contributions.refetch()}
            />
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
