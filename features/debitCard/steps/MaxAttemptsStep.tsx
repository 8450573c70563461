import { DEBIT_CARD_MAX_ADDRESS_ATTEMPTS } from '../../../api/contract/values';
import { useAppSelector } from '../../../store/hooks';
import { Button, buttonClassName, Stack } from '../../../ui';
import { selectHasLinkedBank } from '../debitCardSelectors';
import { supportMailto } from '../debitCardHelp';
import { StepActions } from './StepActions';

/** The address changes are used up: no more here; Contact Support when no bank is linked to fund instead. */
export function MaxAttemptsStep({ onDismiss }: { onDismiss: () => void }) {
  const hasBank = useAppSelector(selectHasLinkedBank);
  const message = `You have changed your address ${DEBIT_CARD_MAX_ADDRESS_ATTEMPTS} times, the most we allow when linking a debit card.`;
  return (
    <Stack gap={5}>
      <p className="ff-debit-card__message" role="alert">
        {message} To keep your account safe, you can't change it again here.
      </p>
      <StepActions>
        <Button variant="secondary" onClick={onDismiss}>
          Dismiss
        </Button>
        {hasBank ? null : (
          <a className={buttonClassName('primary')} href={supportMailto(message)}>
            Contact Support
          </a>
        )}
      </StepActions>
    </Stack>
  );
}
