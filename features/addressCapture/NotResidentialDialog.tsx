import { AddressCaptureMessages } from '../../api/contract/values';
import { Button, Modal } from '../../ui';

/** 4.8: the service says the address is not residential; re-enter it or use another one. */
export function NotResidentialDialog({
  open,
  onReenter,
  onUseAnother,
}: {
  open: boolean;
  onReenter: () => void;
  onUseAnother: () => void;
}) {
  return (
    <Modal
      open={open}
      title="Residential address needed"
      onClose={onReenter}
      width={440}
      footer={
        <div className="ff-address-capture__dialog-actions">
          <Button variant="secondary" onClick={onUseAnother}>
            {AddressCaptureMessages.useAnotherAddress}
          </Button>
          <Button onClick={onReenter} autoFocus>
            {AddressCaptureMessages.reenterAddress}
          </Button>
        </div>
      }
    >
      <p className="ff-address-capture__dialog-text">{AddressCaptureMessages.notResidential}</p>
    </Modal>
  );
}
