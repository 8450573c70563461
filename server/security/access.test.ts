import type { LightMyRequestResponse } from 'fastify';
import { ApiPaths, apiPath, CSRF_HEADER, IDEMPOTENCY_HEADER } from '../../api/contract';
import { bearer, signIn } from '../testing/testApp';
import { money, NOT_CUSTOMER_SCOPED, PROBES, type AttackerIds, type Probe, type VictimIds } from './accessProbes';
import { fillPath, routeKey, STATE_CHANGING_METHODS, useTestAppWithRoutes, type RegisteredRoute } from './routeInventory';

// Customer A (the attacker, joint@, and unverified@ where A needs a method awaiting verification) signs in and calls every route that takes an id with the ids of customer B
// (the victim, alex@, plus micro@ for a micro-deposit method). Each call must be refused with 403 or 404 and
// carry none of B's data; afterwards B's data must be exactly as before. The routes come from the app's own
// table: a new route with a :param, or a body or query field that names an id, fails the coverage test until
// it is probed here (or listed as not customer-scoped, with the reason).

const { app, routes } = useTestAppWithRoutes();

const ATTACKER = 'joint@fundflow.test';
/** A second attacker whose own bank awaits a statement, to pair their method with B's uploaded file. */
const UNVERIFIED_ATTACKER = 'unverified@fundflow.test';
const VICTIM = 'alex@fundflow.test';
const MICRO_VICTIM = 'micro@fundflow.test';

const ID_FIELD = /(^id$|Id$|Ids$|Uuid$|^token$|Token$)/;

/** Why a route needs a probe: a :param in its path, or an id-like field in its body or query. */
function idInputsOf(route: RegisteredRoute): string[] {
  const params = [...route.url.matchAll(/:([A-Za-z]+)/g)].map((match) => `:${match[1]}`);
  // An email in the query is a lookup key (the ACAT offer calls); in a body it is a value the customer writes.
  const fields = [
    ...route.bodyFields.filter((field) => ID_FIELD.test(field)),
    ...route.queryFields.filter((field) => ID_FIELD.test(field) || field === 'email'),
  ];
  return [...params, ...fields];
}

function idsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => idsIn(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (typeof inner === 'string' && ID_FIELD.test(key)) found.push(inner);
      else idsIn(inner, found);
    }
  }
  return found;
}

let victimIds: VictimIds;
let attackerIds: AttackerIds;
let attackerToken = '';
let unverifiedAttackerToken = '';
let victimToken = '';
/** Strings of B's data that no answer to A may contain (B's email, names, account numbers, ids). */
let victimSecrets: string[] = [];
let snapshotOfVictim: () => Promise<string>;
let victimBefore = '';

beforeAll(async () => {
  const victim = await signIn(app, VICTIM);
  victimToken = victim.accessToken;
  const microVictim = await signIn(app, MICRO_VICTIM);
  const attacker = await signIn(app, ATTACKER);
  attackerToken = attacker.accessToken;
  const unverifiedAttacker = await signIn(app, UNVERIFIED_ATTACKER);
  unverifiedAttackerToken = unverifiedAttacker.accessToken;
  const as =
    (token: string) =>
    async <T>(method: string, url: string, payload?: unknown): Promise<T> => {
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: { ...bearer(token), [CSRF_HEADER]: 'web', [IDEMPOTENCY_HEADER]: `setup-${Math.random()}` },
        payload: payload as object,
      });
      if (response.statusCode >= 300) throw new Error(`${method} ${url} as setup failed: ${response.statusCode} ${response.body}`);
      return response.json<T>();
    };
  const b = as(victim.accessToken);
  const a = as(attacker.accessToken);

  type WithId = { id: string };
  const accounts = (await b<{ accounts: Array<{ accountUuid: string; variant: string; account: string }> }>('GET', ApiPaths.accounts))
    .accounts;
  const methods = (await b<{ paymentMethods: Array<WithId & { type: string; status: string }> }>('GET', ApiPaths.paymentMethods))
    .paymentMethods;
  const deposits = (await b<{ deposits: WithId[] }>('GET', ApiPaths.deposits)).deposits;
  const recurring = await b<{ recurringDeposits: WithId[] }>(
    'GET',
    apiPath(ApiPaths.recurringDeposits, { accountUuid: accounts[0].accountUuid }),
  );
  const documents = (await b<{ documents: WithId[] }>('GET', ApiPaths.documents)).documents;
  const watchlists = (await b<{ watchlists: WithId[] }>('GET', ApiPaths.watchlists)).watchlists;
  const microMethods = (
    await as(microVictim.accessToken)<{ paymentMethods: Array<WithId & { approvalMethod: string; status: string }> }>(
      'GET',
      ApiPaths.paymentMethods,
    )
  ).paymentMethods;
  const bankMethod = methods.find((method) => method.type === 'ACH' && method.status === 'APPROVED')!;
  const brokerage = accounts.find((account) => account.variant === 'US')!.accountUuid;
  // A transfer into a non-IRA account needs no contribution year.
  const other = accounts.find((account) => account.variant === 'HIGH_YIELD')!.accountUuid;
  const draft = await b<{ draft?: WithId; id?: string }>('POST', ApiPaths.acatDrafts, { fragments: [] });
  const depositIntent = await b<{ intent?: WithId; id?: string }>('POST', ApiPaths.depositIntents, {
    paymentMethodId: bankMethod.id,
    accountUuid: brokerage,
    amount: money,
  });
  // A confirmed deposit gives B a notification (DEPOSIT_INITIATED).
  const notifiedIntent = await b<{ intent?: WithId; id?: string }>('POST', ApiPaths.depositIntents, {
    paymentMethodId: bankMethod.id,
    accountUuid: brokerage,
    amount: money,
  });
  await b('POST', ApiPaths.depositConfirm, { id: idsIn(notifiedIntent)[0], accountUuid: brokerage });
  const notifications = (await b<{ notifications: WithId[] }>('GET', ApiPaths.notifications)).notifications;
  const transferIntent = await b<{ intent?: WithId; id?: string }>('POST', ApiPaths.transferIntents, {
    sourceAccountUuid: brokerage,
    destinationAccountUuid: other,
    amount: money,
  });
  const setupIntent = await b<{ clientSecret: string }>('POST', ApiPaths.debitCardSetupIntent, {});
  const institutionId = idsIn(await b('GET', `${ApiPaths.institutions}?query=Chase`))[0];
  const linkToken = await b<{ linkToken: string }>('POST', ApiPaths.linkToken, { institutionId });
  const file = await b<Record<string, unknown>>('POST', ApiPaths.verificationFiles, {
    fileType: 'BANK_STATEMENT',
    fileName: 'statement.pdf',
    base64file: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n').toString('base64'),
  });
  const firstId = (value: unknown, what: string) => {
    const id = idsIn(value)[0];
    if (!id) throw new Error(`no id found for ${what} in ${JSON.stringify(value)}`);
    return id;
  };
  victimIds = {
    accountUuid: brokerage,
    otherAccountUuid: other,
    iraAccountUuid: accounts.find((account) => account.variant === 'TRADITIONAL_IRA')!.accountUuid,
    bankMethodId: bankMethod.id,
    cardMethodId: methods.find((method) => method.type === 'DEBIT_CARD')!.id,
    microMethodId: microMethods.find((method) => method.approvalMethod === 'MICRO_DEPOSIT' && method.status === 'PENDING')!.id,
    depositId: deposits[0].id,
    recurringDepositId: recurring.recurringDeposits[0].id,
    documentId: documents[0].id,
    notificationId: notifications[0].id,
    watchlistId: watchlists[0].id,
    acatDraftId: firstId(draft, 'the ACAT draft'),
    depositIntentId: firstId(depositIntent, 'the deposit intent'),
    transferIntentId: firstId(transferIntent, 'the transfer intent'),
    setupIntentId: setupIntent.clientSecret.split('_secret_')[0],
    linkToken: linkToken.linkToken,
    verificationFileId: firstId(file, 'the uploaded file'),
    email: VICTIM,
    brokerage: (await b<{ brokerages: Array<{ name: string }> }>('GET', ApiPaths.acatBrokerages)).brokerages[0].name,
  };
  const attackerAccounts = (await a<{ accounts: Array<{ accountUuid: string }> }>('GET', ApiPaths.accounts)).accounts;
  const attackerMethods = (await a<{ paymentMethods: Array<WithId & { type: string; status: string }> }>('GET', ApiPaths.paymentMethods))
    .paymentMethods;
  attackerIds = {
    accountUuid: attackerAccounts[0].accountUuid,
    bankMethodId: attackerMethods.find((method) => method.type === 'ACH' && method.status === 'APPROVED')!.id,
    unverifiedMethodId: (
      await as(unverifiedAttacker.accessToken)<{ paymentMethods: Array<WithId & { readiness: string }> }>('GET', ApiPaths.paymentMethods)
    ).paymentMethods.find((method) => method.readiness === 'VERIFICATION_NEEDED')!.id,
  };
  const me = await b<{ user: { email: string; lastName?: string } } & Record<string, unknown>>('GET', ApiPaths.me);
  victimSecrets = [
    VICTIM,
    ...(me.user?.lastName ? [me.user.lastName] : []),
    ...accounts.map((account) => account.account),
    ...Object.values(victimIds).filter((value) => value !== victimIds.brokerage),
  ];

  // Everything of B's that a successful call of A could change.
  snapshotOfVictim = async () =>
    JSON.stringify(
      await Promise.all([
        b('GET', ApiPaths.paymentMethods),
        b('GET', ApiPaths.deposits),
        b('GET', apiPath(ApiPaths.recurringDeposits, { accountUuid: brokerage })),
        b('GET', ApiPaths.watchlists),
        b('GET', ApiPaths.notifications),
        b('GET', ApiPaths.acatDrafts),
        b('GET', ApiPaths.withdrawals),
        b('GET', ApiPaths.profileBeneficiaries),
        as(microVictim.accessToken)('GET', ApiPaths.paymentMethods),
      ]),
    );
  victimBefore = await snapshotOfVictim();
}, 60_000);

function expectRefusedWithoutData(response: LightMyRequestResponse, what: string, sentIds: string[]) {
  if (![403, 404].includes(response.statusCode)) {
    throw new Error(`${what} was answered ${response.statusCode}, not 403 or 404: ${response.body.slice(0, 400)}`);
  }
  expect(response.json<{ errorCode?: string }>().errorCode).toEqual(expect.any(String));
  const leaked = victimSecrets.filter((secret) => !sentIds.includes(secret) && response.body.includes(secret));
  expect({ what, leaked }).toEqual({ what, leaked: [] });
}

describe("customer A calling with customer B's ids", () => {
  it('every route with an id in its path, body or query is probed here or listed as not customer-scoped', () => {
    const needing = routes.filter((route) => idInputsOf(route).length > 0).map(routeKey);
    expect(needing.length).toBeGreaterThan(30);
    const unexplained = needing.filter((key) => !(key in PROBES) && !(key in NOT_CUSTOMER_SCOPED));
    expect(unexplained).toEqual([]);
    // And nothing here is stale: every probe and exemption names a route that exists.
    const existing = new Set(routes.map(routeKey));
    expect([...Object.keys(PROBES), ...Object.keys(NOT_CUSTOMER_SCOPED)].filter((key) => !existing.has(key))).toEqual([]);
  });

  it.each(Object.keys(PROBES))('%s refuses B’s ids with 403 or 404 and shows none of B’s data', async (key) => {
    const [method] = key.split(' ');
    const call = (probe: Probe) =>
      app.inject({
        method: method as 'GET',
        url: probe.url,
        headers: {
          ...bearer(probe.asUnverified ? unverifiedAttackerToken : attackerToken),
          ...(STATE_CHANGING_METHODS.has(method) ? { [CSRF_HEADER]: 'web', [IDEMPOTENCY_HEADER]: `probe-${Math.random()}` } : {}),
        },
        payload: probe.payload as object | undefined,
      });
    for (const probe of PROBES[key](victimIds, attackerIds)) {
      const sentIds = [...probe.url.split(/[/?=&]/), ...idsIn(probe.payload)];
      const what = `${key} → ${probe.url} ${JSON.stringify(probe.payload ?? '')}`;
      const response = await call(probe);
      if (probe.unknownTwin) {
        const twin = await call(probe.unknownTwin);
        expect({ what, status: response.statusCode, body: response.json() }).toEqual({ what, status: twin.statusCode, body: twin.json() });
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        continue;
      }
      expectRefusedWithoutData(response, what, sentIds);
    }
  });

  it('the read probes are real: B gets 200 for the very calls A was refused (so A met the owner check, not a bad id)', async () => {
    // (B has no finalized ACAT offer, so that read is 404 for B too: its refusal is shown by the owner-email check alone.)
    const reads = Object.keys(PROBES).filter(
      (key) => key.startsWith('GET ') && !key.includes('/sandbox/') && key !== `GET ${ApiPaths.acatFinalizedOverview}`,
    );
    expect(reads.length).toBeGreaterThan(8);
    for (const key of reads) {
      for (const probe of PROBES[key](victimIds, attackerIds)) {
        const response = await app.inject({ method: 'GET', url: probe.url, headers: bearer(victimToken) });
        expect({ url: probe.url, status: response.statusCode }).toEqual({ url: probe.url, status: 200 });
      }
    }
  });

  it('left all of B’s data as it was', async () => {
    expect(await snapshotOfVictim()).toBe(victimBefore);
  });

  it('a route probe path fills every :param (the probe table matches the route table)', () => {
    for (const key of Object.keys(PROBES)) {
      for (const probe of PROBES[key](victimIds, attackerIds)) expect(probe.url).not.toMatch(/:[A-Za-z]/);
    }
    // fillPath is what the other suites use for the same job; it and apiPath agree.
    expect(fillPath(ApiPaths.portfolio, () => 'x')).toBe(apiPath(ApiPaths.portfolio, { accountUuid: 'x' }));
  });
});
