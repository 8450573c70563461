import { centsToMoney, type Account, type Institution, type PaymentMethod, type User } from '../api/contract';
import type { AccountRow, InstitutionRow, PaymentMethodRow, UserRow } from './db/schema';

// Database rows to wire shapes. This is the one place money leaves integer cents for { amount, currency }.

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    userType: row.user_type,
    status: row.status,
    applicationStatus: row.application_status,
    mustAcceptTerms: row.must_accept_terms,
    hasFunded: row.has_funded,
    eventsSubscriptionId: row.events_subscription_id,
  };
}

export function presentAccount(row: AccountRow): Account {
  return {
    accountId: row.account_id,
    accountUuid: row.id,
    account: row.account_number,
    variant: row.variant,
    status: row.status,
    displayName: row.display_name,
    parentAccountId: row.parent_account_id,
    balance: centsToMoney(row.balance_cents),
    type: row.account_type,
    userType: row.user_type,
    dateJoined: row.date_joined,
    hasFunded: row.has_funded,
    settings: row.settings,
    actions: row.actions,
  };
}

export function presentPaymentMethod(row: PaymentMethodRow): PaymentMethod {
  return {
    id: row.id,
    type: row.type,
    displayName: row.display_name,
    originalName: row.original_name,
    paymentMethodNumber: row.last4,
    defaultPaymentMethod: row.is_default,
    createdAt: row.created_at.toISOString(),
    status: row.status,
    readiness: row.readiness,
    verificationStatus: row.verification_status,
    bankAccountType: row.bank_account_type,
    verificationSource: row.verification_source,
    plaidLoginRequired: row.plaid_login_required,
    amountDeposited: centsToMoney(row.amount_deposited_cents),
    depositLimit: centsToMoney(row.deposit_limit_cents),
    updatable: row.updatable,
    issuingBank: row.issuing_bank,
    canUpdateNickname: row.can_update_nickname,
    approvalMethod: row.approval_method,
    approvalAmount: row.approval_amount_cents === null ? null : centsToMoney(row.approval_amount_cents),
  };
}

export function presentInstitution(row: InstitutionRow): Institution {
  return { id: row.id, name: row.name, logo: row.logo, linkOptions: row.link_options, oauth: row.oauth };
}
