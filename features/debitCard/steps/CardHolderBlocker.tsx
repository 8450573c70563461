import type { DebitCardHolderRefusal } from '../../../api/contract/values';
import { Button, buttonClassName, Stack } from '../../../ui';
import { supportMailto } from '../debitCardHelp';
import { StepActions } from './StepActions';

const HOLDER_BLOCKER_TITLES: Record<DebitCardHolderRefusal['blocker'], string> = {
  applicationNotComplete: 'Finish your application first',
  noAddressOnFile: 'Add your address first',
  addressChangesUsedUp: 'Too many address changes',
};

/**
 * The card dialog's first screen while a debit-card blocker stands (the server would refuse the card for it):
 * what is wrong, in the server's words, and the way forward, with no card field to fill.
 */
export function CardHolderBlocker({
  refusal,
  onCancel,
  onFinishApplication,
  onAddAddress,
}: {
  refusal: DebitCardHolderRefusal;
  onCancel: () => void;
  onFinishApplication: () => void;
  onAddAddress: () => void;
}) {
  return (
    <Stack gap={5}>
      <div className="ff-debit-card__blocker" role="alert" data-error-code={refusal.errorCode}>
        <p className="ff-debit-card__blocker-title">{HOLDER_BLOCKER_TITLES[refusal.blocker]}</p>
        <p className="ff-debit-card__message">{refusal.message}</p>
      </div>
      <StepActions>
        <Button variant="secondary" onClick={onCancel}>
          {refusal.blocker === 'addressChangesUsedUp' ? 'Dismiss' : 'Cancel'}
        </Button>
        {refusal.blocker === 'applicationNotComplete' ? <Button onClick={onFinishApplication}>Finish Application</Button> : null}
        {refusal.blocker === 'noAddressOnFile' ? <Button onClick={onAddAddress}>Add your address</Button> : null}
        {refusal.blocker === 'addressChangesUsedUp' ? (
          <a className={buttonClassName('primary')} href={supportMailto(refusal.message)}>
            Contact Support
          </a>
        ) : null}
      </StepActions>
    </Stack>
  );
}
