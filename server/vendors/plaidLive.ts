import type { AxiosAdapter } from 'axios';
import type * as PlaidSdk from 'plaid';
import type { LinkTokenCreateRequest } from 'plaid';
import { PartnerError, type PartnerItem, type PartnerLinkProvider } from '../providerPorts';

// Plaid through its official Node SDK (server only: nothing under src/ or api/ may import this file). The SDK
// sends the keys as PLAID-CLIENT-ID and PLAID-SECRET headers; errors come back as { error_type, error_code,
// error_message } (plaid.com/docs/errors).

/** The Plaid API version every call names (the Plaid-Version header); this SDK release is generated for it. */
export const PLAID_API_VERSION = '2020-09-14';
export const PLAID_TIMEOUT_MS = 15_000;
/** Retries of a call that is safe to repeat (a link token, an account read) after a network error, 429 or 5xx. */
export const PLAID_MAX_RETRIES = 2;

export interface LivePlaidOptions {
  clientId: string;
  secret: string;
  environment: 'sandbox' | 'production';
  /** Where the bank's OAuth page sends the customer back (must be registered with Plaid). */
  redirectUri: string | null;
  clientName?: string;
  /** Tests answer canned responses through axios's adapter hook (no network). */
  adapter?: AxiosAdapter;
  /** Pause before the first retry, doubled for each next one. Default 500 ms; tests pass 0. */
  retryDelayMs?: number;
}

/**
 * The SDK, loaded the first time live mode needs it: it and axios are about a tenth of a sandbox server's start-up
 * CPU, and a sandbox server never calls Plaid.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a deliberate lazy load (see above)
const plaidSdk = (): typeof PlaidSdk => require('plaid') as typeof PlaidSdk;

export const plaidBaseUrl = (environment: LivePlaidOptions['environment']) => plaidSdk().PlaidEnvironments[environment];

interface AxiosLikeError {
  response?: { status: number; data?: { error_code?: string; error_message?: string } };
}

const statusOf = (error: unknown) => (error as AxiosLikeError)?.response?.status;

/** A network failure (no answer), a rate limit or a server error: worth trying again. */
const isRetryable = (error: unknown) => {
  const status = statusOf(error);
  return status === undefined || status === 429 || status >= 500;
};

export function livePlaid(options: LivePlaidOptions): PartnerLinkProvider {
  const { Configuration, CountryCode, PlaidApi, Products } = plaidSdk();
  const client = new PlaidApi(
    new Configuration({
      basePath: plaidBaseUrl(options.environment),
      baseOptions: {
        timeout: PLAID_TIMEOUT_MS,
        headers: { 'PLAID-CLIENT-ID': options.clientId, 'PLAID-SECRET': options.secret, 'Plaid-Version': PLAID_API_VERSION },
        ...(options.adapter ? { adapter: options.adapter } : {}),
      },
    }),
  );
  const retryDelayMs = options.retryDelayMs ?? 500;

  /** One call, with Plaid's error body as a PartnerError; `retries` only for calls that are safe to repeat. */
  async function call<T>(send: () => Promise<{ data: T }>, retries = 0): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return (await send()).data;
      } catch (error) {
        if (attempt < retries && isRetryable(error)) {
          await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** attempt));
          continue;
        }
        const response = (error as AxiosLikeError).response;
        if (!response) throw error;
        throw new PartnerError(
          response.data?.error_code ?? 'PARTNER_ERROR',
          response.data?.error_message ?? `Plaid answered ${response.status}`,
        );
      }
    }
  }

  return {
    mode: 'live',
    async createLinkToken(request) {
      const body: LinkTokenCreateRequest = {
        client_name: options.clientName ?? 'Fundflow',
        language: 'en',
        country_codes: [CountryCode.Us],
        user: { client_user_id: request.userId },
      };
      if (options.redirectUri) body.redirect_uri = options.redirectUri;
      if (request.update?.accessToken) body.access_token = request.update.accessToken;
      else body.products = [Products.Auth];
      const answer = await call(() => client.linkTokenCreate(body), PLAID_MAX_RETRIES);
      return { linkToken: answer.link_token, expiration: new Date(answer.expiration) };
    },
    async exchangePublicToken(publicToken): Promise<PartnerItem> {
      // Never retried: a public token is single-use, so a repeat after a lost answer could only be refused.
      const exchanged = await call(() => client.itemPublicTokenExchange({ public_token: publicToken }));
      // /accounts/get rather than /auth/get: we need the masks, never the full account numbers.
      const accounts = await call(() => client.accountsGet({ access_token: exchanged.access_token }), PLAID_MAX_RETRIES);
      return {
        itemId: exchanged.item_id,
        accessToken: exchanged.access_token,
        partnerInstitutionId: accounts.item.institution_id ?? null,
        institutionId: null,
        accounts: accounts.accounts.map((account) => ({
          id: account.account_id,
          name: account.name,
          mask: account.mask ?? '',
          subtype: account.subtype ?? 'checking',
        })),
      };
    },
    async confirmUpdate() {
      // Update mode keeps the item's access token; Plaid documents no exchange for it.
    },
  };
}
