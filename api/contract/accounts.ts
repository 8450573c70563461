import { Type, type Static } from '@sinclair/typebox';
import { Money, Obj, StringEnum } from './common';
import { ACCOUNT_STATUSES, ACCOUNT_VARIANTS, USER_TYPES } from './enums';

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
