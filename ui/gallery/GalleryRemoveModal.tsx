import { useState } from 'react';
import { Button, Modal, Stack } from '../index';

/** The remove confirmation: Remove spins for a moment, closes and reports it. */
export function GalleryRemoveModal({ open, onClose, onRemoved }: { open: boolean; onClose: () => void; onRemoved: () => void }) {
  const [removing, setRemoving] = useState(false);
  return (
    <Modal
      open={open}
      title="Remove funding method"
      onClose={onClose}
      footer={
        <>
          <Button
            variant="danger"
            fullWidth
            loading={removing}
            onClick={() => {
              setRemoving(true);
              window.setTimeout(() => {
                setRemoving(false);
                onClose();
                onRemoved();
              }, 1200);
            }}
          >
            Remove
          </Button>
          <Button variant="secondary" fullWidth onClick={onClose}>
            Cancel
          </Button>
        </>
      }
    >
      <Stack gap={3}>
        <p>Confirm that you want to remove your funding method.</p>
        <p className="ff-gallery__muted">Adding another funding source could require extra verification.</p>
      </Stack>
    </Modal>
  );
}
