import { AlertIcon, Button, CheckCircleIcon, InfoIcon, Notice } from '../index';
import { formatCents, iraLimitsFor, LimitMessages } from '../../api/contract/values';
import { GallerySection } from './GallerySection';

/** The four notice tones, with and without a title or an action. */
export function NoticesSection() {
  return (
    <GallerySection title="Notices">
      <Notice
        tone="warning"
        icon={<AlertIcon />}
        title="Restore your bank account connection"
        action={
          <Button size="sm" variant="secondary">
            Relink
          </Button>
        }
      >
        Chase needs you to log in again before you can deposit.
      </Notice>
      <Notice tone="info" icon={<InfoIcon />}>
        Most people can contribute up to {formatCents(iraLimitsFor(2025).limitCents, { whole: true })} for 2025.
      </Notice>
      <Notice tone="success" icon={<CheckCircleIcon />} title="Bank account added!" />
      <Notice tone="danger" icon={<AlertIcon />} title="Deposit limit reached">
        {LimitMessages.dailyBank}
      </Notice>
    </GallerySection>
  );
}
