import type { AddressPlace } from '../../api/contract';
import { AddressCaptureMessages } from '../../api/contract/values';
import { Button, Modal } from '../../ui';

/** The picked place is not a full street address: enter it by hand or search again. */
export function NotProperAddressDialog({
  place,
  onClose,
  onEnterManually,
  onSearchAgain,
}: {
  /** The place that was picked; null keeps the dialog closed. */
  place: AddressPlace | null;
  onClose: () => void;
  onEnterManually: (place: AddressPlace) => void;
  onSearchAgain: () => void;
}) {
  return (
    <Modal
      open={place !== null}
      title={AddressCaptureMessages.notProperTitle}
      onClose={onClose}
      width={440}
      footer={
        <div className="ff-address-capture__dialog-actions">
          <Button variant="secondary" onClick={() => place && onEnterManually(place)}>
            Enter address manually
          </Button>
          <Button onClick={onSearchAgain} autoFocus>
            Search again
          </Button>
        </div>
      }
    >
      <p className="ff-address-capture__dialog-text">{AddressCaptureMessages.notProper}</p>
      {place ? <p className="ff-address-capture__dialog-text ff-address-capture__muted">{place.formattedAddress}</p> : null}
    </Modal>
  );
}
