import { Button, Modal, Stack, TextField } from '../index';
import { GalleryChooseMethod } from './GalleryChooseMethod';

/** A two-step modal (630 high) with a back button on its second step. */
export function GalleryBankLinkModal({
  open,
  step,
  onStep,
  onClose,
}: {
  open: boolean;
  step: number;
  onStep: (step: number) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      title={step === 0 ? 'Link a bank' : 'Account type'}
      height={630}
      onClose={onClose}
      onBack={step > 0 ? () => onStep(step - 1) : undefined}
      footer={
        <Button fullWidth onClick={() => (step === 0 ? onStep(1) : onClose())}>
          {step === 0 ? 'Next' : 'Done'}
        </Button>
      }
    >
      {step === 0 ? (
        <Stack gap={5}>
          <p className="ff-gallery__lead">Choose how you want to connect. Most people link with their bank login.</p>
          <GalleryChooseMethod onChoose={() => onStep(1)} />
        </Stack>
      ) : (
        <Stack gap={5}>
          <TextField label="Account number" inputMode="numeric" autoFocus />
          <TextField label="Routing number" inputMode="numeric" hint="9 digits, on the bottom of a check" />
        </Stack>
      )}
    </Modal>
  );
}
