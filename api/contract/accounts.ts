import { Type, type Static } from '@sinclair/typebox';
import { Money, Obj, StringEnum } from './common';
import { USER_TYPES } from './auth';

export const ACCOUNT_VARIANTS = ['US', 'ENTITY', 'HIGH_YIELD', 'ROTH_IRA', 'TRADITIONAL_IRA', 'RIA_ASSET', 'TREASURY', 'BOND'] as const;
export type AccountVariant = (typeof ACCOUNT_VARIANTS)[number];

export const ACCOUNT_STATUSES = ['OPEN', 'PENDING', 'ACTION_REQUIRED'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Variants a customer can switch to (deposits-and-transfers.md section 2). */
export const SELECTABLE_VARIANTS = ['US', 'TRADITIONAL_IRA', 'ROTH_IRA'] as const satisfies readonly AccountVariant[];

export const VARIANT_LABELS: Record<AccountVariant, string> = {
  US: 'Brokerage',
  ENTITY: 'Entity brokerage',
  HIGH_YIELD: 'High-yield cash',
  ROTH_IRA: 'Roth IRA',
  TRADITIONAL_IRA: 'Traditional IRA',
  RIA_ASSET: 'Managed portfolio',
  TREASURY: 'Treasury',
  BOND: 'Bond account',
};

export const Account = Obj({
  accountId: Type.String(),
  accountUuid: Type.String(),
  account: Type.String({ description: 'account number' }),
  variant: StringEnum(ACCOUNT_VARIANTS),
  status: StringEnum(ACCOUNT_STATUSES),
  displayName: Type.String(),
  parentAccountId: Type.Union([Type.String(), Type.Null()]),
  balance: Money,
  type: Type.String({ description: 'e.g. margin or cash' }),
  userType: StringEnum(USER_TYPES),
  dateJoined: Type.String({ description: 'yyyy-MM-dd' }),
  hasFunded: Type.Boolean(),
  settings: Type.Record(Type.String(), Type.Boolean()),
  actions: Type.Array(StringEnum(['ACCEPT_TERMS'] as const)),
});
export type Account = Static<typeof Account>;

export const AccountsResponse = Obj({ accounts: Type.Array(Account) });
export type AccountsResponse = Static<typeof AccountsResponse>;
