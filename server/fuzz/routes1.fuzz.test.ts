import { describeRouteFuzz } from './routeFuzz';

// Half of the app's API routes (the other half is in routes2.fuzz.test.ts): see routeFuzz.ts.
describeRouteFuzz(0, 2);
