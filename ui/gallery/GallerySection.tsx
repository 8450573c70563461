import type { ReactNode } from 'react';
import { Card, Stack } from '../index';

/** A card of the gallery: one kind of component under its title. */
export function GallerySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card title={title}>
      <Stack gap={5}>{children}</Stack>
    </Card>
  );
}
