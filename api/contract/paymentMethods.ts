import { Type, type Static } from '@sinclair/typebox';
import { Money, Obj, StringEnum } from './common';
import {
  APPROVAL_METHODS,
  BANK_ACCOUNT_TYPES,
  PAYMENT_METHOD_STATUSES,
  PAYMENT_METHOD_TYPES,
  READINESS,
  VERIFICATION_SOURCES,
  VERIFICATION_STATUSES,
} from './enums';

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
