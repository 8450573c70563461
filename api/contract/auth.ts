import { Type, type Static } from '@sinclair/typebox';
import { Obj, StringEnum } from './common';

export const USER_TYPES = ['INDIVIDUAL', 'JOINT', 'ENTITY'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Onboarding status of the customer's application (funding-methods.md 3.4). */
export const APPLICATION_STATUSES = ['NOT_STARTED', 'INCOMPLETE', 'ACTION_REQUIRED', 'PENDING', 'REJECTED', 'COMPLETE'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const USER_STATUSES = ['ACTIVE', 'CLOSED'] as const;

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
