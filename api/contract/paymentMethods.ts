import { Type, type Static } from '@sinclair/typebox';
import { Money, Obj, StringEnum } from './common';

export const PAYMENT_METHOD_TYPES = ['DEBIT_CARD', 'ACH', 'MICRO_DEPOSIT', 'WIRE_TRANSFER', 'PLAID_ACCOUNT', 'BROKERAGE'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export const PAYMENT_METHOD_STATUSES = ['PENDING', 'APPROVED', 'CANCELED', 'REJECTED', 'PENDING_ACCOUNT_CREATION'] as const;
export type PaymentMethodStatus = (typeof PAYMENT_METHOD_STATUSES)[number];

export const READINESS = ['PENDING', 'VERIFICATION_NEEDED', 'READY', 'REJECTED'] as const;
export const VERIFICATION_STATUSES = ['UNVERIFIED', 'ADDRESS_VERIFICATION_FAILED', 'VERIFICATION_FAILED', 'VERIFIED'] as const;
export const BANK_ACCOUNT_TYPES = ['CHECKING', 'SAVINGS'] as const;
export const VERIFICATION_SOURCES = ['MICRO_DEPOSIT', 'PLAID', 'VERIFICATION_SERVICE'] as const;
export const APPROVAL_METHODS = ['MICRO_DEPOSIT', 'INSTANT'] as const;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const PaymentMethod = Obj({
  id: Type.String(),
  type: StringEnum(PAYMENT_METHOD_TYPES),
  displayName: Type.String(),
  originalName: Type.String(),
  paymentMethodNumber: Type.String({ description: 'last 4 digits only' }),
  defaultPaymentMethod: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
  status: StringEnum(PAYMENT_METHOD_STATUSES),
  readiness: StringEnum(READINESS),
  verificationStatus: StringEnum(VERIFICATION_STATUSES),
  bankAccountType: Nullable(StringEnum(BANK_ACCOUNT_TYPES)),
  verificationSource: Nullable(StringEnum(VERIFICATION_SOURCES)),
  plaidLoginRequired: Type.Boolean(),
  amountDeposited: Money,
  depositLimit: Money,
  updatable: Type.Boolean(),
  issuingBank: Nullable(Type.String()),
  canUpdateNickname: Type.Boolean(),
  approvalMethod: Nullable(StringEnum(APPROVAL_METHODS)),
  approvalAmount: Nullable(Money),
});
export type PaymentMethod = Static<typeof PaymentMethod>;

export const PaymentMethodsResponse = Obj({ paymentMethods: Type.Array(PaymentMethod) });
export type PaymentMethodsResponse = Static<typeof PaymentMethodsResponse>;
