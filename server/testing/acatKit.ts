import { apiPath, ApiPaths, type AcatDraft, type AcatDraftResponse, type AcatFragment, type AccountsResponse } from '../../api/contract';
import type { Customer } from './fundingKit';

// Request builders and fixtures of the account-transfer (ACAT) tests (server/routes/servicesAcat.test.ts).

export async function accountUuid(customer: Customer, variant: string): Promise<string> {
  const { accounts } = (await customer.get(ApiPaths.accounts)).json<AccountsResponse>();
  return accounts.find((account) => account.variant === variant)!.accountUuid;
}

/** A draft's fragments with nothing missing (a full transfer from Charles Schwab into the brokerage), with `overrides` in place of their type. */
export async function completeFragments(customer: Customer, overrides: AcatFragment[] = []): Promise<AcatFragment[]> {
  const base: AcatFragment[] = [
    { type: 'BROKERAGE', brokerage: 'Charles Schwab' },
    { type: 'ACCOUNT_TYPE', accountType: 'PERSONAL_BROKERAGE' },
    { type: 'ACCOUNT_NUMBER', accountNumber: '12345678' },
    { type: 'ACCOUNT_HOLDER', name: 'Casey Card' },
    { type: 'TRANSFER_TYPE', transferType: 'FULL' },
    { type: 'DESTINATION_ACCOUNT', accountUuid: await accountUuid(customer, 'US') },
  ];
  const replaced = new Set(overrides.map((fragment) => fragment.type));
  return [...base.filter((fragment) => !replaced.has(fragment.type)), ...overrides];
}

export async function createDraft(customer: Customer, fragments: AcatFragment[], kind?: 'ACAT' | 'ROLLOVER'): Promise<AcatDraft> {
  const response = await customer.send('POST', ApiPaths.acatDrafts, kind ? { fragments, kind } : { fragments });
  expect(response.statusCode).toBe(201);
  return response.json<AcatDraftResponse>().draft;
}

export const draftPath = (id: string) => apiPath(ApiPaths.acatDraft, { id });
export const fragmentsPath = (draftId: string) => apiPath(ApiPaths.acatDraftFragments, { draftId });
export const submitPath = (id: string) => apiPath(ApiPaths.acatDraftSubmit, { id });
export const integrationPath = (id: string) => apiPath(ApiPaths.acatPlaidIntegration, { id });

/** The query of a customer's offer from a brokerage (Vanguard unless given). */
export const offerQuery = (email: string, brokerage = 'Vanguard') => new URLSearchParams({ email, brokerage }).toString();

/** POST finalize-offer: values the fragments at the server's prices. */
export const finalizeOffer = (customer: Customer, query: string, body: unknown) =>
  customer.send('POST', `${ApiPaths.acatFinalizeOffer}?${query}`, body);

/** Drafts complete but for one fragment that submit refuses (422), each with the refusal's words. */
export const SUBMIT_REFUSALS: [string, AcatFragment, string | RegExp][] = [
  [
    'an unsupported brokerage',
    { type: 'BROKERAGE', brokerage: 'Acme Securities' },
    'Transfers from Acme Securities are not supported yet.',
  ],
  [
    'an account number in the wrong format',
    { type: 'ACCOUNT_NUMBER', accountNumber: '1234' },
    /^This is not a Charles Schwab account number: 8 digits/,
  ],
  ['a crypto account', { type: 'ACCOUNT_TYPE', accountType: 'CRYPTO' }, 'Crypto accounts cannot be moved by an account transfer.'],
  [
    'a Roth IRA into the brokerage account',
    { type: 'ACCOUNT_TYPE', accountType: 'ROTH_IRA' },
    'A Roth IRA can only move into a Roth IRA account.',
  ],
  [
    'a joint account of an individual',
    { type: 'ACCOUNT_TYPE', accountType: 'JOINT_TENANT' },
    /cannot be transferred into your Fundflow accounts/,
  ],
  [
    'a partial transfer with nothing chosen',
    { type: 'TRANSFER_TYPE', transferType: 'PARTIAL' },
    'Choose the cash or the positions to transfer.',
  ],
  ['a full transfer listing positions', { type: 'POSITION', symbol: 'AAPL', quantity: '1' }, /^A full transfer moves everything/],
  [
    'a destination that is not the customer’s',
    { type: 'DESTINATION_ACCOUNT', accountUuid: '00000000-0000-4000-8000-000000000000' },
    'The account to transfer into is not one of yours.',
  ],
];
