import { useRef, useState } from 'react';
import { formatCents } from '../../../api/contract/values';
import type { Account } from '../../../api/contract';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { Button, Stack } from '../../../ui';
import { firstRecurringRun } from '../../config/marketClock';
import { selectDepositDraft } from '../../deposits/depositDraftSlice';
import { depositConfirmPressed } from '../../deposits/depositThunks';
import { isRecurringFrequency } from '../../deposits/depositRules';
import { useFlowPageButtons } from '../../moneyFlow/FlowFrame';
import { REVIEW_FOOTNOTES } from '../../moneyFlow/moneyCopy';
import { accountLabel, describeSchedule, formatCalendarDate } from '../../moneyFlow/moneyFormat';
import { QuoteSummary } from '../../moneyFlow/QuoteSummary';
import { sourceKey } from '../iraDepositRules';
import { selectIraSourceOptions } from '../iraDepositSelectors';
import { MoneySummary } from '../../moneyFlow/MoneySummary';

/** The IRA deposit's review: the summary with the contribution year, the quote in words, Confirm (and Back on a page). */
export function ReviewStep({ destination, today }: { destination: Account; today: string }) {
  const dispatch = useAppDispatch();
  // On its own page the review offers Back (a dialog has its back arrow).
  const { onBack } = useFlowPageButtons();
  const draft = useAppSelector(selectDepositDraft);
  const sourceOptions = useAppSelector(selectIraSourceOptions);
  const [busy, setBusy] = useState(false);
  // Disabled once a confirmation runs; the ref also stops a second click before the re-render.
  const confirming = useRef(false);
  if (draft.amountCents === null || !draft.source) return null;
  const source = draft.source;
  const recurring = isRecurringFrequency(draft.frequency);
  const fromLabel = sourceOptions.find((option) => option.key === sourceKey(source))?.label ?? 'Your bank';

  const onConfirm = async () => {
    if (confirming.current) return;
    confirming.current = true;
    setBusy(true);
    try {
      await dispatch(depositConfirmPressed());
    } finally {
      confirming.current = false;
      setBusy(false);
    }
  };

  return (
    <Stack gap={5}>
      <MoneySummary
        amountCents={draft.amountCents}
        caption={recurring ? 'Recurring deposits' : 'will be deposited'}
        rows={[
          { label: 'From', value: fromLabel },
          { label: 'To', value: accountLabel(destination) },
          { label: 'Contribution year', value: String(draft.iraContributionYear ?? '') },
          ...(recurring
            ? [
                { label: 'Frequency', value: describeSchedule(draft) },
                // The first real deposit: tomorrow at the earliest, moved off a weekend or Fed holiday.
                { label: 'Starting', value: formatCalendarDate(firstRecurringRun(today, draft)?.date ?? today) },
              ]
            : []),
          { label: 'Total', value: formatCents(draft.amountCents) },
        ]}
        // The footnote is hidden for debit cards; they cannot fund an IRA anyway.
        footnote={
          source.kind === 'internalAccount'
            ? REVIEW_FOOTNOTES.transfer
            : source.fundingSourceType === 'DEBIT_CARD'
              ? undefined
              : recurring
                ? REVIEW_FOOTNOTES.recurring
                : REVIEW_FOOTNOTES.bank
        }
      />
      {draft.quote && source.kind === 'paymentMethod' ? <QuoteSummary quote={draft.quote} /> : null}
      <Button fullWidth loading={busy} onClick={() => void onConfirm()}>
        Confirm
      </Button>
      {onBack ? (
        <Button variant="ghost" fullWidth onClick={onBack} disabled={busy}>
          Back
        </Button>
      ) : null}
    </Stack>
  );
}
