// Schemas and types for the server and for type-only imports; the app imports values from ./values.
export * from './common';
export * from './auth';
export * from './accounts';
export * from './paymentMethods';
export * from './config';
export * from './funding';
export * from './address';
export * from './deposits';
export * from './services';
export * from './portfolio';
export * from './withdrawals';
export * from './documents';
export * from './liveEvents';
export * from './onboarding';
export * from './crypto';
export * from './profile';
export * from './values';
