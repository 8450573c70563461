import { Amount, Badge, Inline, Stack, Stat } from '../index';
import { GallerySection } from './GallerySection';

/** Amounts, stats and badges as the account screens show them. */
export function AccountsSection() {
  return (
    <GallerySection title="Accounts">
      <Inline gap={8} align="start">
        <Stat label="Available to invest" value={<Amount cents={125050} />} hint="Includes $250.00 pending" />
        <Stat label="Deposited this year" value={<Amount cents={700000} />} />
      </Inline>
      <Stack gap={2} align="start">
        <Amount cents={125000} size="xl" />
        <span className="ff-gallery__caption">will be deposited</span>
      </Stack>
      <Inline gap={4} align="baseline">
        <Amount cents={1999} size="sm" />
        <Amount cents={1999} />
        <Amount cents={123456789} size="lg" />
      </Inline>
      <Inline gap={2}>
        <Badge tone="neutral">Draft</Badge>
        <Badge tone="success">Completed</Badge>
        <Badge tone="warning">Pending</Badge>
        <Badge tone="danger">Failed</Badge>
        <Badge tone="info">Recurring</Badge>
      </Inline>
    </GallerySection>
  );
}
