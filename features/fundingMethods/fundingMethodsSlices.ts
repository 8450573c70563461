import { fundingModalSlice } from './fundingModalSlice';
import { manageFundingMethodsSlice } from './manageFundingMethodsSlice';
import { microDepositLinkSlice } from './microDepositLinkSlice';
import { microDepositVerifySlice } from './microDepositVerifySlice';
import { statementUploadSlice } from './statementUploadSlice';
import { nicknameSlice } from './nicknameSlice';

/** The client-state slices of funding-method management, registered together in the root reducer. */
export const fundingMethodsSlices = [
  fundingModalSlice,
  manageFundingMethodsSlice,
  microDepositLinkSlice,
  microDepositVerifySlice,
  statementUploadSlice,
  nicknameSlice,
] as const;
