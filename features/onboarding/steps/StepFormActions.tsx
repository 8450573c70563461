import { Button, Inline } from '../../../ui';

/** A step form's Back and its submit button (Next, or Review on the last step). */
export function StepFormActions({ onBack, nextLabel, submitting }: { onBack: () => void; nextLabel: string; submitting?: boolean }) {
  return (
    <Inline justify="between" gap={3} className="setup-investing__actions">
      <Button variant="secondary" onClick={onBack}>
        Back
      </Button>
      <Button type="submit" loading={submitting}>
        {nextLabel}
      </Button>
    </Inline>
  );
}
