// Runtime values of the contract that the browser may import: plain data, no schema library.
export * from './enums';
export * from './flags';
export * from './money';
export * from './ordering';
export * from './errors';
export * from './routes';
export * from './fundingRules';
export * from './depositRules';
export * from './liveEventTypes';
export * from './addressRules';
export * from './withdrawalRules';
export * from './onboardingRules';
export * from './cryptoAssets';
export * from './profileRules';
export * from './documentKinds';
export * from './bankCalendar';
