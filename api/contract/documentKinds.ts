// Account documents (issue 5): runtime values the browser may import (through ./values).

export const DOCUMENT_KINDS = ['ACCOUNT_STATEMENT', 'TRADE_CONFIRMATION', 'TAX_STATEMENT'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** IRS forms of tax statements: 1099 composite (brokerage), 5498 and 1099-R (IRAs), 1099-INT (high-yield cash). */
export const TAX_FORMS = ['1099-COMPOSITE', '1099-INT', '1099-R', '5498'] as const;
export type TaxForm = (typeof TAX_FORMS)[number];

export const TAX_FORM_LABELS: Record<TaxForm, string> = {
  '1099-COMPOSITE': 'Form 1099 Composite',
  '1099-INT': 'Form 1099-INT',
  '1099-R': 'Form 1099-R',
  '5498': 'Form 5498',
};

/** Documents per page of the list unless the client asks for another size (1 to DOCUMENTS_MAX_PAGE_SIZE). */
export const DOCUMENTS_PAGE_SIZE = 20;
export const DOCUMENTS_MAX_PAGE_SIZE = 100;
