import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock';
import type { Database, SandboxPartnerAccount } from '../db/schema';
import { hashToken, randomAlphanumeric } from '../domain/tokens';
import { PartnerError, type PartnerItem, type PartnerLinkProvider, type ProviderContext } from '../providerPorts';

// Plaid's sandbox, offline. What it copies from Plaid's documentation:
// - link tokens look like `link-sandbox-<uuid>`; one for a new link lives 4 hours, one for update mode
//   (relink of an existing item) 30 minutes (plaid.com/docs/api/link/#linktokencreate, "expiration");
// - the simple test credentials are user_good / pass_good; a password error_<ERROR_CODE> makes the login
//   fail with that Item error (plaid.com/docs/sandbox/test-credentials); other credentials fail with
//   INVALID_CREDENTIALS;
// - a successful login yields a one-time public token `public-sandbox-<uuid>` valid 30 minutes, and the
//   sandbox item's accounts "Plaid Checking" (mask 0000) and "Plaid Saving" (mask 1111).

export const SANDBOX_LINK_TOKEN_TTL_SECONDS = 4 * 60 * 60;
export const SANDBOX_UPDATE_LINK_TOKEN_TTL_SECONDS = 30 * 60;
export const SANDBOX_PUBLIC_TOKEN_TTL_SECONDS = 30 * 60;

export const SANDBOX_USERNAME = 'user_good';
export const SANDBOX_PASSWORD = 'pass_good';

/** Plaid's messages for the Item errors a sandbox password can ask for (plaid.com/docs/errors/item). */
const SANDBOX_ERROR_MESSAGES: Record<string, string> = {
  INVALID_CREDENTIALS: 'the provided credentials were not correct',
  INVALID_MFA: 'the provided MFA responses were not correct',
  ITEM_LOCKED: "the account is locked. prompt the user to visit the institution's site and unlock their account",
  ITEM_NOT_SUPPORTED: 'this account is currently not supported',
  USER_SETUP_REQUIRED:
    "the account has not been fully set up. prompt the user to visit the issuing institution's site and finish the setup process",
  NO_ACCOUNTS: 'no valid accounts were found for this item',
  INSTITUTION_DOWN: 'this institution is not currently responding to this request. please try again soon',
  INSTITUTION_NOT_RESPONDING: 'this institution is not currently responding to this request. please try again soon',
  INSTITUTION_NOT_AVAILABLE: 'this institution is not currently responding to this request. please try again soon',
  ITEM_LOGIN_REQUIRED:
    'the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information',
};

/** Why a sandbox login fails, or null when the credentials succeed. */
export function sandboxLoginError(username: string, password: string): PartnerError | null {
  const forced = /^error_([A-Z][A-Z0-9_]*)$/.exec(password);
  if (forced) {
    const code = forced[1];
    return new PartnerError(code, SANDBOX_ERROR_MESSAGES[code] ?? `the sandbox login failed with ${code}, as its password asked`);
  }
  if (username === SANDBOX_USERNAME && password === SANDBOX_PASSWORD) return null;
  return new PartnerError('INVALID_CREDENTIALS', SANDBOX_ERROR_MESSAGES.INVALID_CREDENTIALS);
}

/** The accounts of a sandbox item; ids are fresh per login, like Plaid's. */
export function sandboxAccounts(): SandboxPartnerAccount[] {
  return [
    { id: randomAlphanumeric(37), name: 'Plaid Checking', mask: '0000', subtype: 'checking' },
    { id: randomAlphanumeric(37), name: 'Plaid Saving', mask: '1111', subtype: 'savings' },
  ];
}

/** Records a successful sandbox login and returns the public token the widget hands to onSuccess. */
export async function issueSandboxPublicToken(
  db: Kysely<Database>,
  clock: Clock,
  grant: {
    userId: string;
    linkTokenId: string;
    institutionId: string | null;
    paymentMethodId: string | null;
    accounts: SandboxPartnerAccount[];
  },
): Promise<string> {
  const publicToken = `public-sandbox-${randomUUID()}`;
  const now = clock.now();
  await db
    .insertInto('sandbox_public_tokens')
    .values({
      token_hash: hashToken(publicToken),
      user_id: grant.userId,
      link_token_id: grant.linkTokenId,
      institution_id: grant.institutionId,
      payment_method_id: grant.paymentMethodId,
      accounts: JSON.stringify(grant.accounts),
      created_at: now,
      expires_at: new Date(now.getTime() + SANDBOX_PUBLIC_TOKEN_TTL_SECONDS * 1000),
    })
    .execute();
  return publicToken;
}

const invalidPublicToken = () =>
  new PartnerError('INVALID_PUBLIC_TOKEN', 'the public token is not valid: it is unknown, already used or older than 30 minutes');

export function sandboxPlaid({ db, clock, linkTokenTtlSeconds }: ProviderContext): PartnerLinkProvider {
  /** Takes an unused, unexpired public token of this user (one use only, as Plaid's). */
  async function claim(publicToken: string, userId: string) {
    const now = clock.now();
    const row = await db
      .updateTable('sandbox_public_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hashToken(publicToken))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returningAll()
      .executeTakeFirst();
    if (!row) throw invalidPublicToken();
    return row;
  }

  return {
    mode: 'sandbox',
    async createLinkToken(request) {
      const ttl = request.update
        ? Math.min(SANDBOX_UPDATE_LINK_TOKEN_TTL_SECONDS, linkTokenTtlSeconds ?? SANDBOX_UPDATE_LINK_TOKEN_TTL_SECONDS)
        : (linkTokenTtlSeconds ?? SANDBOX_LINK_TOKEN_TTL_SECONDS);
      return { linkToken: `link-sandbox-${randomUUID()}`, expiration: new Date(clock.now().getTime() + ttl * 1000) };
    },
    async exchangePublicToken(publicToken, userId): Promise<PartnerItem> {
      const row = await claim(publicToken, userId);
      if (row.payment_method_id !== null) throw invalidPublicToken();
      const institution = row.institution_id
        ? await db.selectFrom('institutions').select('plaid_institution_id').where('id', '=', row.institution_id).executeTakeFirst()
        : undefined;
      return {
        itemId: `item-sandbox-${randomUUID()}`,
        accessToken: `access-sandbox-${randomUUID()}`,
        partnerInstitutionId: institution?.plaid_institution_id ?? null,
        institutionId: row.institution_id,
        accounts: row.accounts,
      };
    },
    async confirmUpdate(publicToken, userId, paymentMethodId) {
      const row = await claim(publicToken, userId);
      if (row.payment_method_id !== paymentMethodId) throw invalidPublicToken();
    },
  };
}
