import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ApiPaths, apiPath, type PaymentMethod, type PaymentMethodsResponse, type SandboxCustomerResponse } from '../../api/contract';
import { bearer, CSRF, signIn } from './testApp';

// Helpers for the funding-method tests. Each test takes its own copy of a demo customer (the sandbox
// customer-copy call), so tests share one database per file without sharing any state.

export interface Customer {
  email: string;
  accessToken: string;
  userId: string;
  get: (url: string) => Promise<LightMyRequestResponse>;
  send: (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => Promise<LightMyRequestResponse>;
  methods: () => Promise<PaymentMethod[]>;
}

export async function freshCustomer(app: FastifyInstance, template: string): Promise<Customer> {
  const copy = await app.inject({ method: 'POST', url: ApiPaths.sandboxCustomers, headers: CSRF, payload: { template } });
  if (copy.statusCode !== 201) throw new Error(`copy of ${template} failed: ${copy.statusCode} ${copy.body}`);
  const { email, password } = copy.json<SandboxCustomerResponse>();
  return signedInCustomer(app, email, password);
}

/** Signs a customer in (again): tests that move the clock past the 15-minute access token need a new one. */
export async function signedInCustomer(app: FastifyInstance, email: string, password?: string): Promise<Customer> {
  const { accessToken, session } = await signIn(app, email, password);
  const headers = bearer(accessToken);
  const customer: Customer = {
    email,
    accessToken,
    userId: session.user.id,
    get: (url) => app.inject({ method: 'GET', url, headers }),
    send: (method, url, payload) =>
      app.inject({ method, url, headers: { ...headers, ...CSRF }, ...(payload === undefined ? {} : { payload: payload as object }) }),
    methods: async () => (await customer.get(ApiPaths.paymentMethods)).json<PaymentMethodsResponse>().paymentMethods,
  };
  return customer;
}

/** Runs the sandbox bank login for a new link at the institution; answers the public token and the accounts. */
export async function sandboxPartnerLogin(customer: Customer, institutionId: string, password = 'pass_good') {
  const token = await customer.send('POST', ApiPaths.linkToken, { institutionId });
  if (token.statusCode !== 200) throw new Error(`link token failed: ${token.body}`);
  const { linkToken } = token.json<{ linkToken: string }>();
  const login = await customer.send('POST', ApiPaths.sandboxPlaidLogin, { linkToken, username: 'user_good', password });
  return { linkToken, login };
}

/** A whole sandbox partner link of the institution's "Plaid Checking" (mask 0000). */
export async function linkPlaidChecking(customer: Customer, institutionId: string) {
  const { login } = await sandboxPartnerLogin(customer, institutionId);
  const { publicToken, accounts } = login.json<{ publicToken: string; accounts: Array<{ id: string; mask: string }> }>();
  const checking = accounts.find((account) => account.mask === '0000')!;
  return customer.send('POST', ApiPaths.partnerLink, { publicToken, institutionId, accountId: checking.id });
}

export const methodPath = (template: string, paymentMethodId: string) => apiPath(template, { paymentMethodId });
