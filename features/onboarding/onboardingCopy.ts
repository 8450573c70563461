import { SUPPORT_EMAIL } from '../moneyFlow/moneyCopy';

/** The words of /setup-investing (the spec shows the page only; these are ours). */
export const OnboardingCopy = {
  title: 'Finish your application',
  /** The page's title once the application is sent: under review or decided. */
  sentTitle: 'Your application',
  subtitle: 'A few more details and you can start investing. It takes about 2 minutes.',
  progress: (done: number, total: number) => `${done} of ${total} steps done`,
  continue: 'Continue',
  continueFix: 'Fix and resubmit',
  addAddress: 'Add your home address',
  addressNeeded: 'We need your home address before you can submit. Add it, then come back here.',
  actionRequiredTitle: 'We need a little more from you',
  stepOf: (index: number, total: number, label: string) => `Step ${index} of ${total}: ${label}`,
  next: 'Next',
  toReview: 'Review',
  reviewTitle: 'Review your application',
  reviewBody: 'Check your details, then submit. We review every application before opening an account.',
  edit: 'Edit',
  submit: 'Submit application',
  submitFailed: "We couldn't submit your application.",
  reviewingTitle: "We're reviewing your application",
  reviewingBody:
    "This usually takes a few minutes, and at most a few business days. You can leave this page: we'll open your account as soon as it's approved.",
  reviewingProgress: 'Checking your application',
  openTitle: 'Your account is open',
  openBody: 'Your application is approved. Add money to start investing.',
  doneTitle: "You're all set",
  doneBody: 'Your application is complete and your account is open.',
  depositFunds: 'Deposit funds',
  linkBank: 'Link a bank',
  portfolio: 'Go to your portfolio',
  rejectedTitle: "We couldn't open your account",
  contactSupport: 'Contact support',
  loadFailed: "We couldn't load your application",
  notProvided: 'Not provided',
  ssnEnding: (last4: string) => `SSN ending ${last4}`,
} as const;

export function onboardingSupportMailto(): string {
  const subject = encodeURIComponent('Question about my application');
  return `mailto:${SUPPORT_EMAIL}?subject=${subject}`;
}
