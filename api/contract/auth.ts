import { Type, type Static } from '@sinclair/typebox';
import { Obj, StringEnum } from './common';
import { APPLICATION_STATUSES, USER_STATUSES, USER_TYPES } from './enums';

export const User = Obj({
  id: Type.String(),
  email: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  userType: StringEnum(USER_TYPES),
  status: StringEnum(USER_STATUSES),
  applicationStatus: StringEnum(APPLICATION_STATUSES),
  mustAcceptTerms: Type.Boolean(),
  hasFunded: Type.Boolean(),
  eventsSubscriptionId: Type.String(),
});
export type User = Static<typeof User>;

export const LoginRequest = Obj({
  email: Type.String({ minLength: 3, maxLength: 254, format: 'email' }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type LoginRequest = Static<typeof LoginRequest>;

/** Answer to login and refresh: the access token is kept in memory only; the refresh token is a cookie. */
export const SessionResponse = Obj({
  accessToken: Type.String(),
  expiresIn: Type.Integer({ description: 'seconds until the access token expires' }),
  user: User,
});
export type SessionResponse = Static<typeof SessionResponse>;

export const MeResponse = Obj({ user: User });
export type MeResponse = Static<typeof MeResponse>;
