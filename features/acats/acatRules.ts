import { amountInputToCents, centsToDecimal } from '../../api/contract/values';
import type { AcatAccountType, AcatDraft, AcatFragment, AcatTransferType, BadgeToneLike } from './acatTypes';

// Pure helpers of the account-transfers section: the status a customer reads, and the editor's form <-> fragments.

export const ACAT_MESSAGES = {
  title: 'Account transfers',
  start: 'Transfer an account',
  emptyTitle: 'No account transfers yet',
  emptyBody: 'Move stocks, ETFs and cash from another brokerage to Fundflow, or roll over a retirement account.',
  loadFailed: "We couldn't load your account transfers",
  loading: 'Loading account transfers',
  toFinish: 'To finish this transfer:',
  submitted: 'Your transfer was submitted. We will let you know when the other brokerage sends your assets.',
  deleted: 'The transfer was deleted.',
  saved: 'Your transfer was saved.',
  deleteTitle: 'Delete this transfer?',
  deleteBody: 'What you entered for this transfer will be removed. Nothing has been sent to the other brokerage.',
  newTransfer: 'New account transfer',
  brokeragesFailed: "We couldn't load the list of brokerages.",
} as const;

export interface DraftStatus {
  label: string;
  tone: BadgeToneLike;
}

/** What the badge says: progress while in our hands, then the transfer's own status. */
export function draftStatus(draft: Pick<AcatDraft, 'progress' | 'transferStatus' | 'readyToSubmit'>): DraftStatus {
  switch (draft.progress) {
    case 'IN_PROGRESS':
      return draft.readyToSubmit ? { label: 'Ready to submit', tone: 'info' } : { label: 'In progress', tone: 'warning' };
    case 'SUBMITTED':
      switch (draft.transferStatus) {
        case 'IN_TRANSIT':
          return { label: 'In transit', tone: 'info' };
        case 'COMPLETE':
          return { label: 'Complete', tone: 'success' };
        case 'REJECTED':
          return { label: 'Rejected', tone: 'danger' };
        case 'ERROR':
          return { label: 'Error', tone: 'danger' };
        default:
          return { label: 'Submitted', tone: 'info' };
      }
    case 'COMPLETED':
      return { label: 'Complete', tone: 'success' };
    case 'FAILED':
      return { label: 'Failed', tone: 'danger' };
    case 'ARCHIVED':
      return { label: 'Archived', tone: 'neutral' };
  }
}

export const ACCOUNT_TYPE_OPTIONS: ReadonlyArray<{ value: AcatAccountType; label: string }> = [
  { value: 'PERSONAL_BROKERAGE', label: 'Personal brokerage' },
  { value: 'JOINT_TENANT', label: 'Joint tenant' },
  { value: 'TRADITIONAL_IRA', label: 'Traditional IRA' },
  { value: 'ROTH_IRA', label: 'Roth IRA' },
  { value: 'CRYPTO', label: 'Crypto' },
];

/** The editor's fields, as typed (strings; '' when empty). */
export interface AcatForm {
  brokerage: string;
  accountType: AcatAccountType | '';
  accountNumber: string;
  accountHolder: string;
  transferType: AcatTransferType | '';
  cash: string;
  destination: string;
}

const find = <T extends AcatFragment['type']>(fragments: readonly AcatFragment[], type: T) =>
  fragments.find((fragment): fragment is Extract<AcatFragment, { type: T }> => fragment.type === type);

export function formFromFragments(fragments: readonly AcatFragment[]): AcatForm {
  const cash = find(fragments, 'CASH');
  return {
    brokerage: find(fragments, 'BROKERAGE')?.brokerage ?? '',
    accountType: find(fragments, 'ACCOUNT_TYPE')?.accountType ?? '',
    accountNumber: find(fragments, 'ACCOUNT_NUMBER')?.accountNumber ?? '',
    accountHolder: find(fragments, 'ACCOUNT_HOLDER')?.name ?? '',
    transferType: find(fragments, 'TRANSFER_TYPE')?.transferType ?? '',
    cash: cash ? cash.amount.amount : '',
    destination: find(fragments, 'DESTINATION_ACCOUNT')?.accountUuid ?? '',
  };
}

/** A cash entry the form accepts: up to two decimals, above zero. */
export function cashProblem(cash: string): string | null {
  if (cash.trim() === '') return null;
  const cents = amountInputToCents(cash);
  if (cents === null) return 'Enter an amount like 250 or 250.50.';
  return cents > 0 ? null : 'Enter an amount above $0.00.';
}

/**
 * The fragments to save: the form's fields (empty ones left out), plus what the form does not edit kept as it was
 * (positions, the distribution reason, the partner's account). Cash is kept only for a partial transfer.
 */
export function fragmentsFromForm(form: AcatForm, previous: readonly AcatFragment[]): AcatFragment[] {
  const fragments: AcatFragment[] = [];
  const text = (value: string) => value.trim();
  if (text(form.brokerage)) fragments.push({ type: 'BROKERAGE', brokerage: text(form.brokerage) });
  if (form.accountType) fragments.push({ type: 'ACCOUNT_TYPE', accountType: form.accountType });
  if (text(form.accountNumber))
    fragments.push({ type: 'ACCOUNT_NUMBER', accountNumber: text(form.accountNumber).replace(/\s/g, '').toUpperCase() });
  if (text(form.accountHolder)) fragments.push({ type: 'ACCOUNT_HOLDER', name: text(form.accountHolder) });
  if (form.transferType) fragments.push({ type: 'TRANSFER_TYPE', transferType: form.transferType });
  if (form.transferType === 'PARTIAL' && text(form.cash) && cashProblem(form.cash) === null) {
    fragments.push({ type: 'CASH', amount: { amount: centsToDecimal(amountInputToCents(form.cash) ?? 0), currency: 'USD' } });
  }
  if (form.destination) fragments.push({ type: 'DESTINATION_ACCOUNT', accountUuid: form.destination });
  const kept = previous.filter(
    (fragment) =>
      fragment.type === 'DISTRIBUTION_REASON' ||
      fragment.type === 'PARTNER_ACCOUNT' ||
      (fragment.type === 'POSITION' && form.transferType !== 'FULL'),
  );
  return [...fragments, ...kept];
}
