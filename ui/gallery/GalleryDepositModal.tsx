import { Button, Modal } from '../index';
import { GalleryDepositForm } from './GalleryDepositForm';

/** The deposit form in a modal (the kit's 496-wide modal with a footer button). */
export function GalleryDepositModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      title="Deposit funds"
      onClose={onClose}
      footer={
        <Button fullWidth onClick={onClose}>
          Review deposit
        </Button>
      }
    >
      <GalleryDepositForm compact />
    </Modal>
  );
}
