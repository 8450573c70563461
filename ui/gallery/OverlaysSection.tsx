import { Button, Inline, type ToastItem } from '../index';
import { GallerySection } from './GallerySection';

/** Buttons that open each modal, the full-screen loader and the toasts. */
export function OverlaysSection({
  onOpen,
  onShowLoader,
  onToast,
}: {
  onOpen: (modal: 'deposit' | 'bank' | 'remove') => void;
  onShowLoader: () => void;
  onToast: (tone: ToastItem['tone'], message: string) => void;
}) {
  return (
    <GallerySection title="Overlays">
      <Inline gap={3}>
        <Button variant="secondary" onClick={() => onOpen('deposit')}>
          Deposit modal (496)
        </Button>
        <Button variant="secondary" onClick={() => onOpen('bank')}>
          Bank link (630 high, back)
        </Button>
        <Button variant="secondary" onClick={() => onOpen('remove')}>
          Remove confirmation
        </Button>
        <Button variant="secondary" onClick={onShowLoader}>
          Full-screen loader (2 s)
        </Button>
      </Inline>
      <Inline gap={3}>
        <Button variant="ghost" onClick={() => onToast('success', 'Nickname saved')}>
          Success toast
        </Button>
        <Button variant="ghost" onClick={() => onToast('info', 'Your deposit is on its way.')}>
          Info toast
        </Button>
        <Button variant="ghost" onClick={() => onToast('error', 'Error while linking account')}>
          Error toast
        </Button>
      </Inline>
    </GallerySection>
  );
}
