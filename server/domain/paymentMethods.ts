import { isConnectedMethod, isDepositLimitReached, type BANK_ACCOUNT_TYPES, type MethodFacts } from '../../api/contract';

type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];
import type { NewPaymentMethod, PaymentMethodRow } from '../db/schema';

/** Deposit limit of a newly linked bank account ($50,000), as the seeded banks have. */
export const BANK_DEPOSIT_LIMIT_CENTS = 5_000_000;

/** The facts of a stored method that the contract's usability rules (api/contract/fundingSources.ts) read. */
export const methodFacts = (
  method: Pick<
    PaymentMethodRow,
    'type' | 'status' | 'readiness' | 'approval_method' | 'plaid_login_required' | 'amount_deposited_cents' | 'deposit_limit_cents'
  >,
): MethodFacts => ({
  type: method.type,
  status: method.status,
  readiness: method.readiness,
  approvalMethod: method.approval_method,
  plaidLoginRequired: method.plaid_login_required,
  amountDepositedCents: method.amount_deposited_cents,
  depositLimitCents: method.deposit_limit_cents,
});

export const depositLimitReached = (method: PaymentMethodRow) => isDepositLimitReached(methodFacts(method));

/** Approved, ready and connected: a method money can move through now. */
export const isUsable = (method: PaymentMethodRow) => isConnectedMethod(methodFacts(method));

/** May become the default: usable and below its deposit limit. */
export const canBeDefault = (method: PaymentMethodRow) => isUsable(method) && !depositLimitReached(method);

const ACCOUNT_TYPE_LABEL: Record<BankAccountType, string> = { CHECKING: 'Checking', SAVINGS: 'Savings' };

/** "Chase Checking", "Chase account" when the type is unknown, "Bank account" when the bank is unknown too. */
export function bankDisplayName(bankName: string | null, accountType: BankAccountType | null): string {
  const kind = accountType ? ACCOUNT_TYPE_LABEL[accountType] : 'account';
  return bankName ? `${bankName} ${kind}` : accountType ? `Bank ${kind.toLowerCase()} account` : 'Bank account';
}

export function bankAccountTypeOf(subtype: string): BankAccountType | null {
  if (subtype === 'checking') return 'CHECKING';
  if (subtype === 'savings') return 'SAVINGS';
  return null;
}

type BankMethodFields = Pick<
  NewPaymentMethod,
  | 'id'
  | 'user_id'
  | 'type'
  | 'display_name'
  | 'last4'
  | 'created_at'
  | 'bank_account_type'
  | 'verification_source'
  | 'issuing_bank'
  | 'institution_id'
> &
  Partial<NewPaymentMethod>;

/** A new bank method: approved and verified unless the fields say otherwise; nicknames allowed. */
export function newBankMethod(fields: BankMethodFields): NewPaymentMethod {
  return {
    original_name: fields.display_name,
    is_default: false,
    status: 'APPROVED',
    readiness: 'READY',
    verification_status: 'VERIFIED',
    plaid_login_required: false,
    amount_deposited_cents: 0,
    deposit_limit_cents: BANK_DEPOSIT_LIMIT_CENTS,
    updatable: false,
    can_update_nickname: true,
    approval_method: 'INSTANT',
    approval_amount_cents: null,
    ...fields,
  };
}
