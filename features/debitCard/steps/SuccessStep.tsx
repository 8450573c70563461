import { Button, CheckCircleIcon, Stack } from '../../../ui';
import { StepActions } from './StepActions';

/** The card is linked (or now replaces the old one). */
export function SuccessStep({ displayName, replacing, onDone }: { displayName: string | null; replacing: boolean; onDone: () => void }) {
  return (
    <Stack gap={5}>
      <div className="ff-debit-card__status">
        <span className="ff-debit-card__status-icon ff-debit-card__status-icon--success" aria-hidden="true">
          <CheckCircleIcon size={28} />
        </span>
        <p role="status">
          {displayName ?? 'Your debit card'} is {replacing ? 'now your debit card' : 'linked'}. You can use it to deposit money instantly.
        </p>
      </div>
      <StepActions>
        <Button onClick={onDone} autoFocus>
          Done
        </Button>
      </StepActions>
    </Stack>
  );
}
