import { isApiError } from '../../../api/apiError';
import type { SandboxPlaidAccount } from '../../../api/contract';
import { INVALID_LINK_TOKEN, type PartnerAccount, type PartnerLinkError } from './partnerLink';

/** Plaid's sandbox credentials (plaid.com/docs/sandbox/test-credentials). */
export const SANDBOX_USERNAME = 'user_good';
export const SANDBOX_PASSWORD = 'pass_good';
/** Plaid's display message for wrong credentials; the customer may try again inside the widget. */
export const INVALID_CREDENTIALS_MESSAGE = 'The username or password provided were not correct. Please try again.';
export const INVALID_CREDENTIALS = 'INVALID_CREDENTIALS';

/** An OAuth state id, as the bank's redirect carries it. */
export function randomStateId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A Plaid error object from our sandbox endpoint's error answer. */
export function partnerErrorFrom(error: unknown): PartnerLinkError {
  const code = isApiError(error) ? error.errorCode : undefined;
  const message = isApiError(error) ? error.message : 'The sandbox bank login failed.';
  if (!code) return { error_type: 'API_ERROR', error_code: 'INTERNAL_SERVER_ERROR', error_message: message, display_message: null };
  return {
    error_type: code === INVALID_LINK_TOKEN ? 'INVALID_INPUT' : 'ITEM_ERROR',
    error_code: code,
    error_message: message,
    display_message: message,
  };
}

/** A sandbox account as Plaid's onSuccess metadata lists it. */
export const toPartnerAccount = (account: SandboxPlaidAccount): PartnerAccount => ({
  id: account.id,
  name: account.name,
  mask: account.mask,
  type: 'depository',
  subtype: account.subtype,
  verification_status: null,
  class_type: null,
});
