export * from './common';
export * from './money';
export * from './errors';
export * from './auth';
export * from './accounts';
export * from './paymentMethods';
export * from './config';
export * from './routes';
