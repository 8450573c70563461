import { ApiErrorCode, FundingErrorCode, FundingValidationMessages } from '../../api/contract';
import { ApiError } from '../errors';

// Errors of the funding-method calls, in plain words. Codes come from the contract (api/contract/errors.ts).

/** Also for another customer's method: whether it exists is never revealed. */
export const paymentMethodNotFound = () => new ApiError(404, FundingErrorCode.METHOD_NOT_FOUND, 'We could not find that funding method.');

export const invalidRoutingNumber = () =>
  new ApiError(400, FundingErrorCode.INVALID_ROUTING_NUMBER, FundingValidationMessages.routingNumber);

export const validationFailed = (message: string) => new ApiError(400, ApiErrorCode.VALIDATION, message);

export const institutionNotFound = () => new ApiError(404, FundingErrorCode.INSTITUTION_NOT_FOUND, 'We could not find that bank.');

export const linkOptionUnavailable = (how: string) =>
  new ApiError(409, FundingErrorCode.LINK_OPTION_UNAVAILABLE, `This bank cannot be linked ${how}. Please choose another way to link it.`);

export const duplicateBankAccount = () =>
  new ApiError(409, FundingErrorCode.DUPLICATE_BANK_ACCOUNT, 'This bank account is already linked.');

export const linkTokenInvalid = () =>
  new ApiError(400, FundingErrorCode.LINK_TOKEN_INVALID, 'This bank login session has expired or is not valid. Please start again.');

export const partnerLinkFailed = (message = 'We could not link this bank account. Please try again.') =>
  new ApiError(400, FundingErrorCode.PARTNER_LINK_FAILED, message);

export const relinkNotRequired = () =>
  new ApiError(409, FundingErrorCode.RELINK_NOT_REQUIRED, 'This bank account is connected; it does not need to be relinked.');
