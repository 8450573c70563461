// The card-provider seam (Stripe live, or the offline sandbox). Import from here only.
export { CardProviderBoundary } from './CardProviderBoundary';
export type { CardProviderBoundaryProps } from './CardProviderBoundary';
export { useCardProvider, CARD_BRAND_LABELS, isConfirmCardSetupError } from './cardProvider';
export type {
  CardFieldChange,
  CardFieldProps,
  CardProviderApi,
  CardProviderError,
  ConfirmCardSetupOptions,
  ConfirmCardSetupResult,
} from './cardProvider';
