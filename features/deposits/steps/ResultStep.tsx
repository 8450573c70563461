import { buttonClassName, Button, AlertIcon, CheckCircleIcon, ClockIcon } from '../../../ui';
import { formatCents } from '../../../api/contract/values';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { selectDepositDraft, tryAgainChosen } from '../depositDraftSlice';
import { selectDepositDestination, selectInternalOptions, selectMethodOptions } from '../depositSelectors';
import { depositSupportMailto, RESULT_BUTTON_LABELS } from '../../moneyFlow/moneyCopy';
import { resultCopy } from '../depositCopy';
import { accountLabel, describeSchedule, formatCalendarDate, methodLabel } from '../../moneyFlow/moneyFormat';
import { useDepositStartingDate } from '../../config/marketClock';
import { isRecurringFrequency } from '../depositRules';
import { dayWords, quoteChanges, resultDates } from '../../moneyFlow/quoteWords';

/** One result screen: its icon, message and buttons (Done, Dismiss, Try again, Contact Member Support). */
export function ResultStep({ onClose, highYieldRate }: { onClose: () => void; highYieldRate: string | null }) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectDepositDraft);
  const destination = useAppSelector(selectDepositDestination);
  const methods = useAppSelector(selectMethodOptions);
  const internal = useAppSelector(selectInternalOptions);
  const starting = useDepositStartingDate(draft);
  if (draft.step === 'root' || draft.step === 'deposit-review') return null;

  const source = draft.source;
  const method = source?.kind === 'paymentMethod' ? methods.find((option) => option.method.id === source.id)?.method : undefined;
  const account =
    source?.kind === 'internalAccount' ? internal.find((option) => option.account.accountUuid === source.id)?.account : undefined;
  const recurring = isRecurringFrequency(draft.frequency);
  const made = draft.outcome?.made ?? null;
  const split = draft.outcome?.split ?? null;
  const laterOn = split?.laterOn ? dayWords(split.laterOn) : 'the next business day';
  const copy = resultCopy(draft.step, {
    outcome: draft.outcome,
    sourceName: method ? methodLabel(method) : account ? accountLabel(account) : 'your bank',
    destinationName: destination ? accountLabel(destination) : 'your account',
    scheduleText: describeSchedule(draft),
    startText: formatCalendarDate(starting),
    highYieldRate,
    // Next that got no answer made no intent: Try again goes back to the amount, which the draft still holds.
    canRetry: draft.intentId !== null || recurring || draft.outcome?.depositId === null,
    dates: resultDates(made),
  });
  // Confirm's answer against the review's quote: what changed in between, and why.
  const changes = made && draft.quote ? quoteChanges(draft.quote, made) : [];
  const Icon = copy.tone === 'success' ? CheckCircleIcon : copy.tone === 'pending' ? ClockIcon : AlertIcon;

  return (
    <div className="ff-deposit__result">
      <span className={`ff-deposit__result-icon ff-deposit__result-icon--${copy.tone}`}>
        <Icon size={28} />
      </span>
      <p className="ff-deposit__result-body" role={copy.tone === 'error' ? 'alert' : 'status'}>
        {copy.body}
      </p>
      {split ? (
        <p className="ff-deposit__result-body" role={split.scheduledId ? undefined : 'alert'}>
          {split.scheduledId
            ? `The remaining ${formatCents(split.laterCents)} is scheduled for ${laterOn}, from the same bank. You can cancel it under Recurring deposits until then.`
            : `The remaining ${formatCents(split.laterCents)} for ${laterOn} was not scheduled${split.message ? `: ${split.message}` : '.'} Try again schedules only the rest; the deposit above is not made twice.`}
        </p>
      ) : null}
      {changes.length > 0 ? (
        <div className="ff-deposit__changed">
          <p className="ff-deposit__result-body">This differs from your review:</p>
          <ul className="ff-deposit__changes">
            {changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="ff-deposit__actions">
        {split && !split.scheduledId ? (
          <Button variant="primary" fullWidth onClick={() => dispatch(tryAgainChosen())}>
            {RESULT_BUTTON_LABELS.tryAgain}
          </Button>
        ) : null}
        {copy.buttons.map((button, index) => {
          const variant = index === 0 && !(split && !split.scheduledId) ? 'primary' : 'secondary';
          if (button === 'contactSupport') {
            return (
              <a key={button} className={buttonClassName(variant, 'md', true)} href={depositSupportMailto(copy.body)}>
                {RESULT_BUTTON_LABELS.contactSupport}
              </a>
            );
          }
          const onClick = button === 'tryAgain' ? () => dispatch(tryAgainChosen()) : onClose;
          return (
            <Button key={button} variant={variant} fullWidth onClick={onClick}>
              {RESULT_BUTTON_LABELS[button]}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
