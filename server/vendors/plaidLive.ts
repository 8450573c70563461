import { PartnerError, type PartnerItem, type PartnerLinkProvider } from '../providers';

// Plaid over its REST API with plain fetch (no SDK dependency): POST JSON with client_id and secret in the
// body, errors as { error_type, error_code, error_message } (plaid.com/docs/errors).

export interface LivePlaidOptions {
  clientId: string;
  secret: string;
  environment: 'sandbox' | 'production';
  /** Where the bank's OAuth page sends the customer back (must be registered with Plaid). */
  redirectUri: string | null;
  fetch: typeof fetch;
  clientName?: string;
}

export const plaidBaseUrl = (environment: LivePlaidOptions['environment']) => `https://${environment}.plaid.com`;

interface PlaidErrorBody {
  error_code?: string;
  error_message?: string;
}

export function livePlaid(options: LivePlaidOptions): PartnerLinkProvider {
  async function call<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const response = await options.fetch(`${plaidBaseUrl(options.environment)}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_id: options.clientId, secret: options.secret, ...body }),
    });
    const json = (await response.json().catch(() => ({}))) as T & PlaidErrorBody;
    if (!response.ok) {
      throw new PartnerError(json.error_code ?? 'PARTNER_ERROR', json.error_message ?? `Plaid answered ${response.status}`);
    }
    return json;
  }

  return {
    mode: 'live',
    async createLinkToken(request) {
      const body: Record<string, unknown> = {
        client_name: options.clientName ?? 'Fundflow',
        language: 'en',
        country_codes: ['US'],
        user: { client_user_id: request.userId },
      };
      if (options.redirectUri) body.redirect_uri = options.redirectUri;
      if (request.update?.accessToken) body.access_token = request.update.accessToken;
      else body.products = ['auth'];
      const answer = await call<{ link_token: string; expiration: string }>('/link/token/create', body);
      return { linkToken: answer.link_token, expiration: new Date(answer.expiration) };
    },
    async exchangePublicToken(publicToken): Promise<PartnerItem> {
      const exchanged = await call<{ access_token: string; item_id: string }>('/item/public_token/exchange', { public_token: publicToken });
      // /accounts/get rather than /auth/get: we need the masks, never the full account numbers.
      const accounts = await call<{
        accounts: Array<{ account_id: string; name: string; mask: string | null; subtype: string | null }>;
        item: { institution_id?: string | null };
      }>('/accounts/get', { access_token: exchanged.access_token });
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
