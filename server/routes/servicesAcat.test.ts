import {
  ApiPaths,
  type AcatDraftResponse,
  type AcatDraftsResponse,
  type AcatFragmentsResponse,
  type AcatIntegrationStartResponse,
  type AcatOfferOverviewResponse,
  type AcatOfferResponse,
  type AccountsResponse,
  type BrokeragesResponse,
} from '../../api/contract';
import {
  accountUuid,
  completeFragments,
  createDraft,
  draftPath,
  finalizeOffer,
  fragmentsPath,
  integrationPath,
  offerQuery,
  submitPath,
  SUBMIT_REFUSALS,
} from '../testing/acatKit';
import { expectApiError as expectError, expectInvalid } from '../testing/apiErrors';
import { freshCustomer, signedInCustomer } from '../testing/fundingKit';
import { useTestApp } from '../testing/useTestApp';

// ACAT drafts, fragments, submit, offers and the partner integration at the spec's paths (funding-methods.md 7.1).

const { app } = useTestApp();

describe('ACAT drafts', () => {
  it('alex has a draft to finish (with what is missing) and a transfer on its way', async () => {
    const alex = await signedInCustomer(app, 'alex@fundflow.test');
    const { drafts } = (await alex.get(ApiPaths.acatDrafts)).json<AcatDraftsResponse>();
    expect(drafts.map((d) => [d.brokerage, d.progress, d.transferStatus])).toEqual([
      ['Fidelity Investments', 'IN_PROGRESS', null],
      ['Robinhood', 'SUBMITTED', 'IN_TRANSIT'],
    ]);
    expect(drafts[0].problems).toEqual(['Enter your account number at Fidelity Investments.']);
    expect(drafts[0].readyToSubmit).toBe(false);
    expect(drafts[1].items).toEqual([
      { description: '12 AAPL', status: 'PENDING' },
      { description: '5.5 VTI', status: 'PENDING' },
    ]);
  });

  it('create, read, replace fragments, read fragments, submit: the whole life of a draft', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const created = await createDraft(customer, [{ type: 'BROKERAGE', brokerage: 'Charles Schwab' }]);
    expect(created).toMatchObject({
      kind: 'ACAT',
      source: 'MANUAL',
      progress: 'IN_PROGRESS',
      transferStatus: null,
      brokerage: 'Charles Schwab',
      readyToSubmit: false,
    });
    expect(created.problems[0]).toBe('Choose the type of your account at Charles Schwab.');

    const read = await customer.get(draftPath(created.id));
    expect(read.json<AcatDraftResponse>().draft).toEqual(created);

    const fragments = await completeFragments(customer);
    const replaced = await customer.send('PUT', fragmentsPath(created.id), { fragments });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<AcatDraftResponse>().draft).toMatchObject({ problems: [], readyToSubmit: true });
    expect((await customer.get(fragmentsPath(created.id))).json<AcatFragmentsResponse>().fragments).toEqual(fragments);

    const submitted = await customer.send('POST', submitPath(created.id));
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json<AcatDraftResponse>().draft).toMatchObject({
      progress: 'SUBMITTED',
      transferStatus: 'INITIATED',
      items: [{ description: 'All cash and positions', status: 'PENDING' }],
      readyToSubmit: false,
    });
    expect(submitted.json<AcatDraftResponse>().draft.submittedAt).not.toBeNull();

    // Submitted: no more edits, no second submit, no delete.
    expectError(await customer.send('POST', submitPath(created.id)), 409, 'ACAT_DRAFT_NOT_EDITABLE');
    expectError(await customer.send('PUT', fragmentsPath(created.id), { fragments }), 409, 'ACAT_DRAFT_NOT_EDITABLE');
    expectError(await customer.send('DELETE', draftPath(created.id)), 409, 'ACAT_DRAFT_NOT_EDITABLE');

    // A second transfer of the same account while the first is on its way.
    const again = await createDraft(customer, fragments);
    expectError(await customer.send('POST', submitPath(again.id)), 409, 'ACAT_TRANSFER_IN_FLIGHT');
  });

  it('DELETE removes a draft in progress', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const draft = await createDraft(customer, []);
    expect((await customer.send('DELETE', draftPath(draft.id))).statusCode).toBe(204);
    expectError(await customer.get(draftPath(draft.id)), 404, 'ACAT_DRAFT_NOT_FOUND');
    expect((await customer.get(ApiPaths.acatDrafts)).json<AcatDraftsResponse>().drafts).toEqual([]);
  });

  it('bad bodies are 400 with { errorCode, message }', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    expectInvalid(await customer.send('POST', ApiPaths.acatDrafts, {}), /fragments/);
    expectInvalid(await customer.send('POST', ApiPaths.acatDrafts, { fragments: [{ type: 'BROKERAGE' }] }));
    expectInvalid(await customer.send('POST', ApiPaths.acatDrafts, { fragments: [{ type: 'ACCOUNT_TYPE', accountType: 'SAVINGS' }] }));
    expectInvalid(await customer.send('POST', ApiPaths.acatDrafts, { fragments: [], kind: 'WIRE' }));
    expectInvalid(
      await customer.send('POST', ApiPaths.acatDrafts, {
        fragments: [
          { type: 'BROKERAGE', brokerage: 'Vanguard' },
          { type: 'BROKERAGE', brokerage: 'Robinhood' },
        ],
      }),
      /only once/,
    );
    expectInvalid(
      await customer.send('POST', ApiPaths.acatDrafts, {
        fragments: [
          { type: 'POSITION', symbol: 'AAPL', quantity: '1' },
          { type: 'POSITION', symbol: 'AAPL', quantity: '2' },
        ],
      }),
      /AAPL is listed twice/,
    );
    expectInvalid(await customer.send('POST', ApiPaths.acatDrafts, { fragments: [{ type: 'PARTNER_ACCOUNT', name: 'x', mask: '1234' }] }));
    const draft = await createDraft(customer, []);
    expectInvalid(await customer.send('PUT', fragmentsPath(draft.id), { fragments: 'all' }));
    expectInvalid(
      await customer.send('PUT', fragmentsPath(draft.id), { fragments: [{ type: 'CASH', amount: { amount: '1.234', currency: 'USD' } }] }),
    );
  });

  it('another customer’s draft is 404 on every path, and stays untouched', async () => {
    const owner = await freshCustomer(app, 'card@fundflow.test');
    const stranger = await freshCustomer(app, 'card@fundflow.test');
    const draft = await createDraft(owner, await completeFragments(owner));
    expectError(await stranger.get(draftPath(draft.id)), 404, 'ACAT_DRAFT_NOT_FOUND');
    expectError(await stranger.get(fragmentsPath(draft.id)), 404, 'ACAT_DRAFT_NOT_FOUND');
    expectError(await stranger.send('PUT', fragmentsPath(draft.id), { fragments: [] }), 404, 'ACAT_DRAFT_NOT_FOUND');
    expectError(await stranger.send('POST', submitPath(draft.id)), 404, 'ACAT_DRAFT_NOT_FOUND');
    expectError(await stranger.send('DELETE', draftPath(draft.id)), 404, 'ACAT_DRAFT_NOT_FOUND');
    expectError(await stranger.get(integrationPath(draft.id)), 404, 'ACAT_DRAFT_NOT_FOUND');
    expectError(await stranger.send('POST', integrationPath(draft.id), { token: 'public-sandbox-x' }), 404, 'ACAT_DRAFT_NOT_FOUND');
    expectError(await stranger.get(draftPath('not-a-uuid')), 404, 'ACAT_DRAFT_NOT_FOUND');
    expect((await stranger.get(ApiPaths.acatDrafts)).json<AcatDraftsResponse>().drafts).toEqual([]);
    expect((await owner.get(draftPath(draft.id))).json<AcatDraftResponse>().draft).toEqual(draft);
  });
});

describe('ACAT submit rules', () => {
  it('refuses an incomplete draft with its first problem (422) and leaves it in progress', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const draft = await createDraft(customer, [{ type: 'BROKERAGE', brokerage: 'Charles Schwab' }]);
    expectError(
      await customer.send('POST', submitPath(draft.id)),
      422,
      'ACAT_DRAFT_INCOMPLETE',
      'Choose the type of your account at Charles Schwab.',
    );
    expect((await customer.get(draftPath(draft.id))).json<AcatDraftResponse>().draft.progress).toBe('IN_PROGRESS');
  });

  it.each(SUBMIT_REFUSALS)('refuses %s', async (_name, override, message) => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const draft = await createDraft(customer, await completeFragments(customer, [override]));
    expect(draft.problems.length).toBeGreaterThan(0);
    expectError(await customer.send('POST', submitPath(draft.id)), 422, 'ACAT_DRAFT_INCOMPLETE', message);
  });

  it('a partial transfer of cash and positions submits with one pending item each', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const fragments = await completeFragments(customer, [
      { type: 'TRANSFER_TYPE', transferType: 'PARTIAL' },
      { type: 'CASH', amount: { amount: '250.5', currency: 'USD' } },
      { type: 'POSITION', symbol: 'MSFT', quantity: '3.25' },
    ]);
    const draft = await createDraft(customer, fragments);
    const submitted = (await customer.send('POST', submitPath(draft.id))).json<AcatDraftResponse>().draft;
    expect(submitted.items).toEqual([
      { description: 'Cash 250.50 USD', status: 'PENDING' },
      { description: '3.25 MSFT', status: 'PENDING' },
    ]);
  });

  it('a rollover needs an IRA destination and a rollover or transfer distribution reason', async () => {
    const customer = await freshCustomer(app, 'alex@fundflow.test');
    const ira = await accountUuid(customer, 'TRADITIONAL_IRA');
    const fragments = await completeFragments(customer, [
      { type: 'ACCOUNT_TYPE', accountType: 'TRADITIONAL_IRA' },
      { type: 'DESTINATION_ACCOUNT', accountUuid: ira },
      { type: 'ACCOUNT_NUMBER', accountNumber: '87654321' },
      { type: 'ACCOUNT_HOLDER', name: 'Alex Morgan' },
    ]);
    const draft = await createDraft(customer, [...fragments, { type: 'DISTRIBUTION_REASON', reason: 'PREMATURE' }], 'ROLLOVER');
    expectError(await customer.send('POST', submitPath(draft.id)), 422, 'ACAT_DRAFT_INCOMPLETE', /Only a rollover or a transfer/);
    await customer.send('PUT', fragmentsPath(draft.id), { fragments: [...fragments, { type: 'DISTRIBUTION_REASON', reason: 'ROLLOVER' }] });
    const submitted = await customer.send('POST', submitPath(draft.id));
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json<AcatDraftResponse>().draft).toMatchObject({ kind: 'ROLLOVER', progress: 'SUBMITTED' });
  });

  it('a customer whose application is not complete cannot submit', async () => {
    const customer = await freshCustomer(app, 'pending@fundflow.test');
    const { accounts } = (await customer.get(ApiPaths.accounts)).json<AccountsResponse>();
    const draft = await createDraft(customer, [
      { type: 'BROKERAGE', brokerage: 'Vanguard' },
      { type: 'ACCOUNT_TYPE', accountType: 'PERSONAL_BROKERAGE' },
      { type: 'ACCOUNT_NUMBER', accountNumber: '87654321' },
      { type: 'ACCOUNT_HOLDER', name: 'Pat Pending' },
      { type: 'TRANSFER_TYPE', transferType: 'FULL' },
      { type: 'DESTINATION_ACCOUNT', accountUuid: accounts[0].accountUuid },
    ]);
    expect(draft.problems).toContain('Finish your Fundflow application before transferring an account.');
    expectError(await customer.send('POST', submitPath(draft.id)), 422, 'ACAT_DRAFT_INCOMPLETE');
  });

  it('at most 10 drafts in progress at once (409)', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    for (let i = 0; i < 10; i += 1) await createDraft(customer, []);
    expectError(await customer.send('POST', ApiPaths.acatDrafts, { fragments: [] }), 409, 'ACAT_DRAFT_LIMIT_REACHED');
  });
});

describe('brokerages and offers', () => {
  it('lists the brokerages with their account-number hints', async () => {
    const customer = await signedInCustomer(app, 'alex@fundflow.test');
    const { brokerages } = (await customer.get(ApiPaths.acatBrokerages)).json<BrokeragesResponse>();
    expect(brokerages.length).toBeGreaterThan(15);
    expect(brokerages.find((b) => b.name === 'Fidelity Investments')).toEqual({
      name: 'Fidelity Investments',
      partnerSupported: true,
      accountNumberHint: expect.any(String),
    });
  });

  it('PUT finalize-offer accepts the brokerage’s offer; POST values the fragments at the server’s prices; the overview reads it back', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const accepted = await customer.send('PUT', `${ApiPaths.acatFinalizeOffer}?brokerage=${encodeURIComponent('vanguard')}`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<AcatOfferResponse>().offer).toMatchObject({
      brokerage: 'Vanguard',
      bonusBasisPoints: 100,
      bonusCap: { amount: '5000.00', currency: 'USD' },
    });

    const query = offerQuery(customer.email);
    const body = {
      initialFragments: [{ type: 'POSITION', symbol: 'VTI', quantity: '10' }],
      updatedFragments: [
        { type: 'POSITION', symbol: 'VTI', quantity: '10.5' },
        { type: 'POSITION', symbol: 'BND', quantity: '3' },
        { type: 'POSITION', symbol: 'XYZ', quantity: '1' },
        { type: 'CASH', amount: { amount: '100.00', currency: 'USD' } },
      ],
    };
    const finalized = await finalizeOffer(customer, query, body);
    expect(finalized.statusCode).toBe(200);
    // The sandbox's last prices (server/domain/instrumentPrices.ts): VTI 282.45, BND 72.41.
    // 10.5 × 282.45 = 2965.725 → 2965.73; 3 × 72.41 = 217.23; + 100.00 = 3282.96. Bonus 1% = 32.82; over $2,500: fee back up to $100.
    expect(finalized.json<AcatOfferOverviewResponse>().overview).toMatchObject({
      brokerage: 'Vanguard',
      estimatedValue: { amount: '3282.96', currency: 'USD' },
      initialValue: { amount: '2824.50', currency: 'USD' },
      bonus: { amount: '32.82', currency: 'USD' },
      feeReimbursement: { amount: '100.00', currency: 'USD' },
      unpricedSymbols: ['XYZ'],
    });
    const overview = await customer.get(`${ApiPaths.acatFinalizedOverview}?${query}`);
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toEqual(finalized.json());
  });

  it('the server prices every position itself: a client’s price is refused, 10 AAPL earn 1% of their real value, not the cap', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const query = offerQuery(customer.email);
    const tenApple = [{ type: 'POSITION', symbol: 'AAPL', quantity: '10' }];
    // The attack of issue 17: 10 AAPL "at $50,000" a share. Prices are not part of the request any more.
    const priced = await finalizeOffer(customer, query, {
      initialFragments: tenApple,
      updatedFragments: tenApple,
      quotes: [{ symbol: 'AAPL', price: { amount: '50000.00', currency: 'USD' } }],
    });
    expectInvalid(priced);
    expect(JSON.stringify(priced.json())).not.toMatch(/stack|at .*\.ts/);
    // At the sandbox's last price (AAPL 229.87): 10 × 229.87 = 2298.70, bonus 1% = 22.98, no fee back under $2,500.
    const finalized = await finalizeOffer(customer, query, { initialFragments: tenApple, updatedFragments: tenApple });
    expect(finalized.statusCode).toBe(200);
    expect(finalized.json<AcatOfferOverviewResponse>().overview).toMatchObject({
      estimatedValue: { amount: '2298.70', currency: 'USD' },
      bonus: { amount: '22.98', currency: 'USD' },
      feeReimbursement: { amount: '0.00', currency: 'USD' },
      unpricedSymbols: [],
    });
  });

  it('a symbol the server does not know is listed and valued at nothing, whatever the quantity', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const query = offerQuery(customer.email);
    const fragments = [
      { type: 'POSITION', symbol: 'ZZZZ', quantity: '999999999' },
      { type: 'POSITION', symbol: 'KO', quantity: '1' },
    ];
    const finalized = await finalizeOffer(customer, query, { initialFragments: [], updatedFragments: fragments });
    expect(finalized.statusCode).toBe(200);
    expect(finalized.json<AcatOfferOverviewResponse>().overview).toMatchObject({
      estimatedValue: { amount: '69.84', currency: 'USD' },
      initialValue: { amount: '0.00', currency: 'USD' },
      bonus: { amount: '0.69', currency: 'USD' },
      unpricedSymbols: ['ZZZZ'],
    });
  });

  it('the bonus stops at its $5,000.00 cap when the value at the server’s prices is over $500,000', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const query = offerQuery(customer.email);
    const under = [{ type: 'POSITION', symbol: 'AAPL', quantity: '2000' }];
    const over = [{ type: 'POSITION', symbol: 'AAPL', quantity: '2500' }];
    // 2000 × 229.87 = 459,740.00 → bonus 4,597.40; 2500 × 229.87 = 574,675.00 → 5,746.75, capped at 5,000.00.
    const below = await finalizeOffer(customer, query, { initialFragments: under, updatedFragments: under });
    expect(below.json<AcatOfferOverviewResponse>().overview).toMatchObject({
      bonus: { amount: '4597.40', currency: 'USD' },
      feeReimbursement: { amount: '100.00', currency: 'USD' },
    });
    const capped = await finalizeOffer(customer, query, { initialFragments: under, updatedFragments: over });
    expect(capped.json<AcatOfferOverviewResponse>().overview).toMatchObject({
      estimatedValue: { amount: '574675.00', currency: 'USD' },
      bonus: { amount: '5000.00', currency: 'USD' },
    });
  });

  it('offer calls refuse bad input (400), unknown brokerages and other customers’ emails (404)', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const other = await freshCustomer(app, 'card@fundflow.test');
    expectInvalid(await customer.send('PUT', ApiPaths.acatFinalizeOffer));
    expectError(await customer.send('PUT', `${ApiPaths.acatFinalizeOffer}?brokerage=Nowhere`), 404, 'BROKERAGE_NOT_FOUND');
    const mine = offerQuery(customer.email);
    // Prices are the server's: a body that names any (even none) is refused like any unknown field.
    expectInvalid(await finalizeOffer(customer, mine, { initialFragments: [], updatedFragments: [], quotes: [] }));
    expectInvalid(await finalizeOffer(customer, mine, { initialFragments: [] }));
    expectError(await customer.get(`${ApiPaths.acatFinalizedOverview}?${mine}`), 404, 'ACAT_OFFER_NOT_FOUND');
    const theirs = offerQuery(other.email);
    expect((await finalizeOffer(other, theirs, { initialFragments: [], updatedFragments: [] })).statusCode).toBe(200);
    expectError(await finalizeOffer(customer, theirs, { initialFragments: [], updatedFragments: [] }), 404, 'ACAT_OFFER_NOT_FOUND');
    expectError(await customer.get(`${ApiPaths.acatFinalizedOverview}?${theirs}`), 404, 'ACAT_OFFER_NOT_FOUND');
    expect((await other.get(`${ApiPaths.acatFinalizedOverview}?${theirs}`)).statusCode).toBe(200);
  });
});

describe('partner integration (Plaid sandbox)', () => {
  it('start gives a link token; the sandbox login’s public token links the account and the source becomes PLAID', async () => {
    const customer = await freshCustomer(app, 'card@fundflow.test');
    const draft = await createDraft(customer, [{ type: 'BROKERAGE', brokerage: 'Fidelity Investments' }]);
    const start = await customer.get(integrationPath(draft.id));
    expect(start.statusCode).toBe(200);
    const { linkToken } = start.json<AcatIntegrationStartResponse>();
    expect(linkToken).toMatch(/^link-sandbox-/);
    const login = await customer.send('POST', ApiPaths.sandboxPlaidLogin, { linkToken, username: 'user_good', password: 'pass_good' });
    expect(login.statusCode).toBe(200);
    const { publicToken } = login.json<{ publicToken: string }>();

    const linked = await customer.send('POST', integrationPath(draft.id), { token: publicToken });
    expect(linked.statusCode).toBe(200);
    const linkedDraft = linked.json<AcatDraftResponse>().draft;
    expect(linkedDraft.source).toBe('PLAID');
    expect(linkedDraft.fragments).toContainEqual({ type: 'PARTNER_ACCOUNT', name: 'Plaid Checking', mask: '0000' });
    // With the partner's account, no account number is asked for.
    expect(linkedDraft.problems.some((problem) => problem.includes('account number'))).toBe(false);

    // Replacing the fragments keeps the partner's account; inventing another is refused.
    const kept = await customer.send('PUT', fragmentsPath(draft.id), {
      fragments: [{ type: 'BROKERAGE', brokerage: 'Fidelity Investments' }],
    });
    expect(kept.json<AcatDraftResponse>().draft.fragments).toContainEqual({
      type: 'PARTNER_ACCOUNT',
      name: 'Plaid Checking',
      mask: '0000',
    });
    expectInvalid(
      await customer.send('PUT', fragmentsPath(draft.id), { fragments: [{ type: 'PARTNER_ACCOUNT', name: 'Other', mask: '9999' }] }),
    );

    // The public token is single use.
    expectError(await customer.send('POST', integrationPath(draft.id), { token: publicToken }), 400, 'INVALID_PUBLIC_TOKEN');
    expectInvalid(await customer.send('POST', integrationPath(draft.id), {}));
  });
});
