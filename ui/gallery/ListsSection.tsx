import type { ReactNode } from 'react';
import { GalleryChooseMethod } from './GalleryChooseMethod';
import { GalleryFundingMethods } from './GalleryFundingMethods';
import { GallerySection } from './GallerySection';

function Subhead({ children }: { children: ReactNode }) {
  return <h3 className="ff-gallery__subhead">{children}</h3>;
}

/** The two funding-method lists: manage (with options menus) and choose. */
export function ListsSection({ onRemove, onChoose }: { onRemove: () => void; onChoose: () => void }) {
  return (
    <GallerySection title="Lists and menus">
      <Subhead>Manage funding methods</Subhead>
      <GalleryFundingMethods onRemove={onRemove} />
      <Subhead>Choose a funding method</Subhead>
      <GalleryChooseMethod onChoose={onChoose} />
    </GallerySection>
  );
}
