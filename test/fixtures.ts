import type { Account, PaymentMethod, SessionResponse, User } from '../api/contract';

// Contract-typed fixtures: a change to the contract breaks these at compile time, not silently.
export function userFixture(overrides: Partial<User> = {}): User {
  return {
    id: 'user-alex',
    email: 'alex@fundflow.test',
    firstName: 'Alex',
    lastName: 'Rivera',
    userType: 'INDIVIDUAL',
    status: 'ACTIVE',
    applicationStatus: 'COMPLETE',
    mustAcceptTerms: false,
    hasFunded: true,
    eventsSubscriptionId: 'sub-alex',
    ...overrides,
  };
}

export function sessionFixture(overrides: Partial<SessionResponse> = {}): SessionResponse {
  return { accessToken: 'access-token-1', expiresIn: 900, user: userFixture(), ...overrides };
}

export function accountFixture(overrides: Partial<Account> = {}): Account {
  return {
    accountId: 'acc-1',
    accountUuid: 'uuid-brokerage',
    account: '5XY12345',
    variant: 'US',
    status: 'OPEN',
    displayName: 'Brokerage',
    parentAccountId: null,
    balance: { amount: '12840.55', currency: 'USD' },
    type: 'margin',
    userType: 'INDIVIDUAL',
    dateJoined: '2024-03-14',
    hasFunded: true,
    settings: {},
    actions: [],
    ...overrides,
  };
}

export function paymentMethodFixture(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: 'pm-1',
    type: 'ACH',
    displayName: 'Chase Total Checking',
    originalName: 'Chase Total Checking',
    paymentMethodNumber: '6789',
    defaultPaymentMethod: false,
    createdAt: '2026-05-01T12:00:00.000Z',
    status: 'APPROVED',
    readiness: 'READY',
    verificationStatus: 'VERIFIED',
    bankAccountType: 'CHECKING',
    verificationSource: 'PLAID',
    plaidLoginRequired: false,
    amountDeposited: { amount: '0.00', currency: 'USD' },
    depositLimit: { amount: '50000.00', currency: 'USD' },
    updatable: false,
    issuingBank: 'JPMorgan Chase',
    canUpdateNickname: true,
    approvalMethod: 'INSTANT',
    approvalAmount: null,
    ...overrides,
  };
}
