import type { TrustedContact } from '../../api/contract';
import { AlertIcon, Button, Modal, Notice, Stack } from '../../ui';

/** 'Remove trusted contact?': Keep or Remove, with the removal's failure if it had one. */
export function RemoveTrustedContactDialog({
  open,
  contact,
  removing,
  removeError,
  onKeep,
  onRemove,
}: {
  open: boolean;
  contact: TrustedContact | null;
  removing: boolean;
  removeError: string | null;
  onKeep: () => void;
  onRemove: () => void;
}) {
  return (
    <Modal
      open={open}
      title="Remove trusted contact?"
      onClose={onKeep}
      footer={
        <div className="ff-profile-actions">
          <Button variant="secondary" onClick={onKeep}>
            Keep
          </Button>
          <Button variant="danger" loading={removing} onClick={onRemove}>
            Remove
          </Button>
        </div>
      }
    >
      <Stack gap={3}>
        {removeError ? (
          <Notice tone="danger" icon={<AlertIcon size={20} />} live="assertive">
            {removeError}
          </Notice>
        ) : null}
        <p>
          {contact ? `${contact.firstName} ${contact.lastName}` : 'This person'} will no longer be your trusted contact. You can add one
          again at any time.
        </p>
      </Stack>
    </Modal>
  );
}
