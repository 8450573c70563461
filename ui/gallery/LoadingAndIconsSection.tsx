import {
  AlertIcon,
  BankIcon,
  CardIcon,
  CheckCircleIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  ClockIcon,
  CloseIcon,
  HelpIcon,
  InfoIcon,
  Inline,
  LogoutIcon,
  MicroDepositIcon,
  MoreIcon,
  PlusIcon,
  ShieldIcon,
  Spinner,
  WireIcon,
} from '../index';
import { GallerySection } from './GallerySection';

/** Spinners in their sizes and every icon of the kit. */
export function LoadingAndIconsSection() {
  return (
    <GallerySection title="Loading and icons">
      <Inline gap={6}>
        <Spinner size="sm" />
        <Spinner />
        <Spinner size="lg" label="Loading deposits" />
      </Inline>
      <Inline gap={4} className="ff-gallery__icons">
        <BankIcon title="Bank" />
        <CardIcon title="Card" />
        <WireIcon title="Wire" />
        <MicroDepositIcon title="Microdeposit" />
        <CheckCircleIcon title="Done" />
        <AlertIcon title="Alert" />
        <InfoIcon title="Info" />
        <ClockIcon title="Pending" />
        <ShieldIcon title="Secure" />
        <ChevronLeftIcon title="Previous" />
        <ChevronRightIcon title="Next" />
        <CloseIcon title="Close" />
        <MoreIcon title="More" />
        <HelpIcon title="Help" />
        <LogoutIcon title="Log out" />
        <PlusIcon title="Add" />
      </Inline>
    </GallerySection>
  );
}
