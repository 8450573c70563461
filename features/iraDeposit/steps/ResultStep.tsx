import { formatCents } from '../../../api/contract/values';
import { useAppSelector } from '../../../store/hooks';
import { AlertIcon, Button, buttonClassName, CheckCircleIcon, ClockIcon, Stack } from '../../../ui';
import { selectDepositDraft } from '../../deposits/depositDraftSlice';
import { depositSupportMailto, RESULT_BUTTON_LABELS, type ResultButton } from '../../moneyFlow/moneyCopy';
import { matchCents } from '../iraDepositSelectors';

export interface ResultStepProps {
  tone: 'success' | 'pending' | 'error';
  body: string;
  buttons: ResultButton[];
  year: number | null;
  matchPercent: number;
  onDone: () => void;
  onTryAgain: () => void;
}

/** A result screen: its icon and message, the contribution year and the match, then its buttons. */
export function ResultStep({ tone, body, buttons, year, matchPercent, onDone, onTryAgain }: ResultStepProps) {
  const draft = useAppSelector(selectDepositDraft);
  const succeeded = tone !== 'error' && draft.outcome?.depositId != null;
  const amountCents = draft.outcome?.amountCents ?? 0;
  const match = succeeded && matchPercent > 0 ? matchCents(amountCents, matchPercent) : 0;
  const icon = tone === 'error' ? <AlertIcon size={28} /> : tone === 'pending' ? <ClockIcon size={28} /> : <CheckCircleIcon size={28} />;
  return (
    <Stack gap={5} align="center" className="ff-ira-deposit__status">
      <span className={`ff-ira-deposit__status-icon ff-ira-deposit__status-icon--${tone}`}>{icon}</span>
      <p role={tone === 'error' ? 'alert' : 'status'} className="ff-ira-deposit__message">
        {body}
      </p>
      {succeeded && year !== null ? <p className="ff-ira-deposit__muted">It counts toward your {year} contribution limit.</p> : null}
      {match > 0 ? (
        <p className="ff-ira-deposit__muted">
          With your {matchPercent}% match, we will add {formatCents(match)}.
        </p>
      ) : null}
      <div className="ff-ira-deposit__actions">
        {buttons.map((button) =>
          button === 'contactSupport' ? (
            <a key={button} className={buttonClassName('primary')} href={depositSupportMailto(body)}>
              {RESULT_BUTTON_LABELS.contactSupport}
            </a>
          ) : (
            <Button
              key={button}
              variant={button === buttons[0] ? 'primary' : 'secondary'}
              onClick={button === 'tryAgain' ? onTryAgain : onDone}
            >
              {RESULT_BUTTON_LABELS[button]}
            </Button>
          ),
        )}
      </div>
    </Stack>
  );
}
