import { BankIcon, Button, EmptyState, ErrorState } from '../index';
import { GallerySection } from './GallerySection';

/** The empty state and the error state with its retry. */
export function EmptyAndErrorSection({ onRetry }: { onRetry: () => void }) {
  return (
    <GallerySection title="Empty and error states">
      <EmptyState
        icon={<BankIcon size={28} />}
        title="No funding methods yet"
        body="Link up to three bank accounts and one debit card."
        action={<Button>Add funding method</Button>}
      />
      <ErrorState title="We couldn't load your deposits" body="Check your connection and try again." onRetry={onRetry} />
    </GallerySection>
  );
}
