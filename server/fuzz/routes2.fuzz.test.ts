import { describeRouteFuzz } from './routeFuzz';

// Half of the app's API routes (the other half is in routes1.fuzz.test.ts): see routeFuzz.ts.
describeRouteFuzz(1, 2);
