/** The statement upload's own words (the shared funding messages are in the contract). */
export const STATEMENT_TEXT = {
  title: 'Verify your bank',
  review: 'Our team reviews statements in 1-2 business days.',
  submitted: "Thanks! We'll review your statement in 1-2 business days.",
  exitTitle: 'Leave without submitting?',
  exitBody: 'The files you uploaded will not be sent for review.',
} as const;
