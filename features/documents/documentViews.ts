import { DOCUMENT_KINDS, type Account, type DocumentKind } from '../../api/contract';

/**
 * The document pages: the older layout's /settings/documents (every kind, with a kind filter), its brokerage page
 * (every kind, the brokerage account only; where a closed customer lands) and its two single-kind pages, and the
 * newer layout's three single-kind pages (deposits-and-transfers.md section 2: "documents split into
 * account-statements, trade-confirmations and tax-statements").
 */
export type DocumentsView = 'all' | 'brokerage' | 'account-statements' | 'trade-confirmations' | 'tax-statements';

interface ViewConfig {
  title: string;
  subtitle: string;
  /** The one kind the page shows; none: every kind, with a kind filter. */
  kind: DocumentKind | null;
  empty: string;
}

export const DOCUMENT_VIEWS: Record<DocumentsView, ViewConfig> = {
  all: {
    title: 'Documents',
    subtitle: 'Statements, trade confirmations and tax forms for all your accounts.',
    kind: null,
    empty: 'Your statements, trade confirmations and tax forms will show here once they are issued.',
  },
  brokerage: {
    title: 'Brokerage documents',
    subtitle: 'Statements, trade confirmations and tax forms for your brokerage account.',
    kind: null,
    empty: 'Your brokerage statements, trade confirmations and tax forms will show here once they are issued.',
  },
  'account-statements': {
    title: 'Account statements',
    subtitle: 'A statement for each account, every month, on the 5th of the next month.',
    kind: 'ACCOUNT_STATEMENT',
    empty: 'Your first statement comes on the 5th of the month after your account opens.',
  },
  'trade-confirmations': {
    title: 'Trade confirmations',
    subtitle: 'A confirmation for each day you trade, the next business day.',
    kind: 'TRADE_CONFIRMATION',
    empty: 'You will get a confirmation the business day after each trade.',
  },
  'tax-statements': {
    title: 'Tax statements',
    subtitle: 'Tax forms for each finished tax year: 1099s by February 15, 5498s for IRAs by May 31.',
    kind: 'TAX_STATEMENT',
    empty: 'Your tax forms for a year come early the next year.',
  },
};

export const KIND_FILTER_OPTIONS: ReadonlyArray<{ value: '' | DocumentKind; label: string }> = [
  { value: '', label: 'All documents' },
  { value: 'ACCOUNT_STATEMENT', label: 'Account statements' },
  { value: 'TRADE_CONFIRMATION', label: 'Trade confirmations' },
  { value: 'TAX_STATEMENT', label: 'Tax statements' },
];

/** Sibling pages, per layout: the older one keeps its four pages, the newer one its three. */
export function documentNavigation(newerSettingsLayout: boolean): ReadonlyArray<{ to: string; label: string }> {
  return newerSettingsLayout
    ? [
        { to: '/settings/v2/account-statements', label: 'Account statements' },
        { to: '/settings/v2/trade-confirmations', label: 'Trade confirmations' },
        { to: '/settings/v2/tax-statements', label: 'Tax statements' },
      ]
    : [
        { to: '/settings/documents', label: 'All documents' },
        { to: '/settings/documents/account/brokerage', label: 'Brokerage' },
        { to: '/settings/documents/trade-confirmations', label: 'Trade confirmations' },
        { to: '/settings/documents/tax-statements', label: 'Tax statements' },
      ];
}

export interface DocumentsSearch {
  kind?: DocumentKind;
  accountUuid?: string;
  year?: number;
}

/** The filters in the page's URL (?kind=&account=&year=); unknown or malformed values are ignored. */
export function parseDocumentsSearch(params: URLSearchParams): DocumentsSearch {
  const kind = params.get('kind');
  const account = params.get('account');
  const year = params.get('year');
  return {
    ...(kind && (DOCUMENT_KINDS as readonly string[]).includes(kind) ? { kind: kind as DocumentKind } : {}),
    ...(account ? { accountUuid: account } : {}),
    ...(year && /^\d{4}$/.test(year) ? { year: Number(year) } : {}),
  };
}

/** The brokerage account (individual or entity) the brokerage page shows, if the customer has one. */
export function brokerageAccountOf(accounts: readonly Account[]): Account | undefined {
  return accounts.find((account) => account.variant === 'US') ?? accounts.find((account) => account.variant === 'ENTITY');
}

/** "Brokerage ••••1234". */
export const accountOptionLabel = (name: string, mask: string) => `${name} ••••${mask}`;
