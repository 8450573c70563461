import { fundingModalSlice } from './fundingModalSlice';
import { manageFundingMethodsSlice } from './manageFundingMethodsSlice';
import { microDepositLinkSlice } from './microDepositLinkSlice';
import { microDepositVerifySlice } from './microDepositVerifySlice';
import { statementUploadSlice } from './statementUploadSlice';
import { nicknameSlice } from './nicknameSlice';

/**
 * The client-state slices of funding-method management. Each injects itself into the root reducer when its module
 * loads (the funding host's and the flows' chunks), so none of them rides in the first bundle; importing this list
 * injects them all; store/everySliceAndEndpoint.ts names each module (replays and DevTools).
 */
export const fundingMethodsSlices = [
  fundingModalSlice,
  manageFundingMethodsSlice,
  microDepositLinkSlice,
  microDepositVerifySlice,
  statementUploadSlice,
  nicknameSlice,
] as const;
