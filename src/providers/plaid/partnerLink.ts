import type {
  PlaidAccount,
  PlaidLinkError,
  PlaidLinkOnEvent,
  PlaidLinkOnEventMetadata,
  PlaidLinkOnExit,
  PlaidLinkOnExitMetadata,
  PlaidLinkOnSuccess,
  PlaidLinkOnSuccessMetadata,
} from 'react-plaid-link';

/**
 * The one seam between the bank-link flows and the bank-login partner (Plaid). Both implementations take
 * these props and call back exactly as react-plaid-link's usePlaidLink does, so the flows cannot tell the
 * live widget from the in-app sandbox.
 */
export type PartnerAccount = PlaidAccount;
export type PartnerLinkError = PlaidLinkError;
export type PartnerSuccessMetadata = PlaidLinkOnSuccessMetadata;
export type PartnerExitMetadata = PlaidLinkOnExitMetadata;
export type PartnerEventMetadata = PlaidLinkOnEventMetadata;

export interface PartnerLinkProps {
  /** A link token from our server (new link, or update mode for a relink). */
  token: string;
  /** Only when coming back from the bank's site (OAuth): the URL the customer came back to. Never on a first open. */
  receivedRedirectUri?: string;
  /** The sandbox shows the bank's name before login (Plaid knows it from the token). */
  institutionName?: string;
  /** The sandbox sends the customer to the bank's site first for an OAuth institution. */
  oauth?: boolean;
  onSuccess: PlaidLinkOnSuccess;
  onExit: PlaidLinkOnExit;
  onEvent?: PlaidLinkOnEvent;
}

/** Where the partner sends the customer back after the bank's own login (our OAuth redirect URI). */
export const PARTNER_OAUTH_REDIRECT_PATH = '/settings/bank-link';
export const OAUTH_STATE_PARAM = 'oauth_state_id';

/** Plaid's error code for a link token that expired or is unknown. */
export const INVALID_LINK_TOKEN = 'INVALID_LINK_TOKEN';

/** What the flows record about a partner error: its code and the most helpful description it carries. */
export function describePartnerError(error: PartnerLinkError): { code: string; description: string } {
  return { code: error.error_code, description: error.display_message || error.error_message || error.error_code };
}

let sessionCounter = 0;
/** An id for one widget session, as Plaid gives link_session_id (not a secret). */
export function newLinkSessionId(): string {
  sessionCounter += 1;
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${sessionCounter}`;
  return `sandbox-session-${random}`;
}

export function exitMetadata(
  linkSessionId: string,
  status: string | null,
  institution: PartnerExitMetadata['institution'] = null,
): PartnerExitMetadata {
  return { institution, status, link_session_id: linkSessionId, request_id: `req-${linkSessionId}` };
}

export function eventMetadata(linkSessionId: string, overrides: Partial<PartnerEventMetadata> = {}): PartnerEventMetadata {
  return {
    account_number_mask: null,
    error_type: null,
    error_code: null,
    error_message: null,
    exit_status: null,
    institution_id: null,
    institution_name: null,
    institution_search_query: null,
    is_update_mode: null,
    match_reason: null,
    mfa_type: null,
    routing_number: null,
    view_name: null,
    selection: null,
    timestamp: new Date().toISOString(),
    link_session_id: linkSessionId,
    request_id: `req-${linkSessionId}`,
    ...overrides,
  };
}
