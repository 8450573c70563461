/**
 * Help behind 'Learn more about linking your debit card' and the Contact Support button. Our decision: the
 * help is shown inside the error modal (no help centre exists yet, and an external page would be a dead
 * link offline); Contact Support opens an email to support with the reason filled in.
 */
export const SUPPORT_EMAIL = 'support@fundflow.example';

export const DEBIT_CARD_HELP_POINTS = [
  'Use a personal debit card issued by a U.S. bank. Credit, prepaid and business cards cannot be linked.',
  'The name on the card should match the name on your account.',
  "The card's billing address must match the address on your account. If you moved, update your address and confirm it from the email we send you.",
  'Use a card that is not about to expire.',
  'You can link one debit card. To use a different card, update the one you have.',
] as const;

export function supportMailto(reason: string): string {
  const subject = encodeURIComponent('Help linking my debit card');
  const body = encodeURIComponent(`I could not link my debit card. The app said: ${reason}`);
  return `mailto:${SUPPORT_EMAIL}?subject=${subject}&body=${body}`;
}

/** Where 'Finish Application' goes: the investing application the debit card waits on. */
export const FINISH_APPLICATION_PATH = '/setup-investing';
