import { Button, buttonClassName, ChevronRightIcon, Inline, PlusIcon } from '../index';
import { GallerySection } from './GallerySection';

/** Every button variant and size, loading, disabled and as a link. */
export function ButtonsSection() {
  return (
    <GallerySection title="Buttons">
      <Inline gap={3}>
        <Button>Deposit</Button>
        <Button variant="secondary">Edit amount</Button>
        <Button variant="ghost">Learn more</Button>
        <Button variant="danger">Remove</Button>
      </Inline>
      <Inline gap={3}>
        <Button size="sm">Small</Button>
        <Button size="sm" variant="secondary">
          <PlusIcon size={16} />
          Add funding method
        </Button>
        <Button size="sm" variant="ghost">
          Details
          <ChevronRightIcon size={16} />
        </Button>
        <Button size="sm" variant="danger">
          Remove
        </Button>
      </Inline>
      <Inline gap={3}>
        <Button loading>Confirm</Button>
        <Button variant="secondary" loading>
          Saving
        </Button>
        <Button disabled>Disabled</Button>
        <Button variant="secondary" disabled>
          Disabled
        </Button>
        <a href="#main" className={buttonClassName('secondary')}>
          Link as a button
        </a>
      </Inline>
      <Button fullWidth>Full width</Button>
    </GallerySection>
  );
}
