import { Button, CardIcon, Stack } from '../../../ui';
import { SandboxVerificationLink } from './SandboxVerificationLink';
import { StepActions } from './StepActions';

/** The address change is sent: the customer confirms it from the emailed link. */
export function VerificationSentStep({ onDone }: { onDone: () => void }) {
  return (
    <Stack gap={5}>
      <div className="ff-debit-card__status">
        <span className="ff-debit-card__status-icon" aria-hidden="true">
          <CardIcon size={28} />
        </span>
        <p>We sent a link to your email address. Open it to confirm your new address; we&apos;ll bring you back here to link your card.</p>
      </div>
      <SandboxVerificationLink />
      <StepActions>
        <Button onClick={onDone}>Done</Button>
      </StepActions>
    </Stack>
  );
}
