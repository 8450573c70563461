import { ApiPaths, type Account, type ApplicationResponse, type MeResponse, type SubmitApplicationRequest } from '../../api/contract';
import { ONBOARDING_DEMO_EMAIL } from '../db/seedOnboarding';
import { freshCustomer, signedInCustomer, type Customer } from '../testing/fundingKit';
import { useTestApp } from '../testing/useTestApp';
import { DEFAULT_SANDBOX_REVIEW_DELAY_SECONDS, SandboxReviewMessages, parseReviewDelaySeconds } from '../vendors/applicationReviewer';

const { app, db, clock } = useTestApp();

const REVIEW_MS = DEFAULT_SANDBOX_REVIEW_DELAY_SECONDS * 1000;

const identity = (legalLastName = 'Brooks') => ({
  legalFirstName: 'Taylor',
  legalLastName,
  birthDate: '1992-04-18',
  phoneNumber: '3035550142',
  citizenship: 'US_CITIZEN' as const,
  ssn: '123456789',
});
const employment = { status: 'EMPLOYED' as const, employer: 'Mile High Design', occupation: 'Architect' };
const investingProfile = {
  investmentObjective: 'GROWTH' as const,
  riskTolerance: 'MEDIUM' as const,
  timeHorizon: 'LONG' as const,
  investmentExperience: 'LIMITED' as const,
  annualIncome: 'FROM_50K_TO_100K' as const,
  liquidNetWorth: 'FROM_50K_TO_100K' as const,
};
const disclosures = { brokerDealer: false, publiclyTraded: false, politicallyExposed: false, agreementAccepted: true as const };
const everything = (lastName?: string): SubmitApplicationRequest => ({
  identity: identity(lastName),
  employment,
  investingProfile,
  disclosures,
});

const application = async (customer: Customer) => (await customer.get(ApiPaths.onboardingApplication)).json<ApplicationResponse>();
const status = async (customer: Customer) => (await customer.get(ApiPaths.me)).json<MeResponse>().user.applicationStatus;
const accountStatuses = async (customer: Customer) =>
  (await customer.get(ApiPaths.accounts)).json<{ accounts: Account[] }>().accounts.map((a) => a.status);

describe('the application (/setup-investing)', () => {
  it('the seeded incomplete customer sees identity and address done and three steps missing', async () => {
    const customer = await signedInCustomer(app, ONBOARDING_DEMO_EMAIL);
    const answer = await application(customer);
    expect(answer.status).toBe('INCOMPLETE');
    expect(answer.steps.map((s) => [s.step, s.complete])).toEqual([
      ['IDENTITY', true],
      ['ADDRESS', true],
      ['EMPLOYMENT', false],
      ['INVESTING_PROFILE', false],
      ['DISCLOSURES', false],
    ]);
    expect(answer.steps[0].summary).toBe('Taylor Brooks, U.S. citizen, SSN ending 6789');
    expect(answer.steps[2].summary).toBeNull();
  });

  it('submitting the missing steps sets PENDING; once the review delay passes, a read of /api/me approves and opens the account', async () => {
    const customer = await freshCustomer(app, ONBOARDING_DEMO_EMAIL);
    const submitted = await customer.send('POST', ApiPaths.onboardingApplicationSubmit, everything());
    expect(submitted.statusCode).toBe(202);
    expect(submitted.json<ApplicationResponse>()).toMatchObject({ status: 'PENDING', submittedAt: expect.any(String), decidedAt: null });
    expect(submitted.json<ApplicationResponse>().steps.every((s) => s.complete)).toBe(true);
    expect(await status(customer)).toBe('PENDING');
    expect(await accountStatuses(customer)).toEqual(['PENDING']);

    clock.advance(REVIEW_MS - 1000);
    expect(await status(customer)).toBe('PENDING');
    clock.advance(1000);
    expect(await status(customer)).toBe('COMPLETE');
    expect(await accountStatuses(customer)).toEqual(['OPEN']);
    expect((await application(customer)).decidedAt).not.toBeNull();

    // The SSN itself is not kept: only its last four digits.
    const row = await db
      .selectFrom('application_submissions')
      .select('identity')
      .where('user_id', '=', customer.userId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row.identity)).not.toContain('123456789');
    expect(row.identity).toMatchObject({ ssnLast4: '6789' });

    const again = await customer.send('POST', ApiPaths.onboardingApplicationSubmit, everything());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errorCode: 'APPLICATION_NOT_OPEN', message: 'Your application is already approved.' });
  });

  it('the decision is applied once even when many reads race for it', async () => {
    const customer = await freshCustomer(app, ONBOARDING_DEMO_EMAIL);
    await customer.send('POST', ApiPaths.onboardingApplicationSubmit, everything());
    clock.advance(REVIEW_MS);
    const reads = await Promise.all(Array.from({ length: 8 }, (_, i) => customer.get(i % 2 ? ApiPaths.me : ApiPaths.accounts)));
    expect(reads.every((r) => r.statusCode === 200)).toBe(true);
    expect(await status(customer)).toBe('COMPLETE');
  });

  it('last name "Reject" is declined; "Review" asks for the identity again, and a corrected identity is approved', async () => {
    const rejected = await freshCustomer(app, ONBOARDING_DEMO_EMAIL);
    await rejected.send('POST', ApiPaths.onboardingApplicationSubmit, everything('Reject'));
    clock.advance(REVIEW_MS);
    const declined = await application(rejected);
    expect(declined).toMatchObject({ status: 'REJECTED', rejectionMessage: SandboxReviewMessages.rejected });
    expect(await accountStatuses(rejected)).toEqual(['PENDING']);
    const retry = await rejected.send('POST', ApiPaths.onboardingApplicationSubmit, everything());
    expect(retry.statusCode).toBe(409);

    const review = await freshCustomer(app, ONBOARDING_DEMO_EMAIL);
    await review.send('POST', ApiPaths.onboardingApplicationSubmit, everything('Review'));
    clock.advance(REVIEW_MS);
    const asked = await application(review);
    expect(asked.status).toBe('ACTION_REQUIRED');
    expect(asked.actionRequired).toEqual({ reason: 'RESUBMIT_ID', message: SandboxReviewMessages.actionRequired });
    expect(asked.steps.filter((s) => !s.complete).map((s) => s.step)).toEqual(['IDENTITY']);
    expect(await accountStatuses(review)).toEqual(['ACTION_REQUIRED']);

    // Without the identity again, the stored one does not count.
    const withoutIdentity = await review.send('POST', ApiPaths.onboardingApplicationSubmit, {});
    expect(withoutIdentity.statusCode).toBe(422);
    expect(withoutIdentity.json()).toEqual({ errorCode: 'APPLICATION_STEPS_MISSING', message: 'Finish these steps first: Identity.' });

    const fixed = await review.send('POST', ApiPaths.onboardingApplicationSubmit, { identity: identity('Brooks-Hale') });
    expect(fixed.statusCode).toBe(202);
    expect(await accountStatuses(review)).toEqual(['PENDING']);
    clock.advance(REVIEW_MS);
    expect(await status(review)).toBe('COMPLETE');
    expect((await review.get(ApiPaths.me)).json<MeResponse>().user.lastName).toBe('Brooks-Hale');
  });

  it('refuses a submission with steps missing, naming them', async () => {
    // A copy of apply@ has its identity and address already (copied with the demo customer).
    const customer = await freshCustomer(app, ONBOARDING_DEMO_EMAIL);
    const refused = await customer.send('POST', ApiPaths.onboardingApplicationSubmit, { employment });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      errorCode: 'APPLICATION_STEPS_MISSING',
      message: 'Finish these steps first: Investing profile, Disclosures and agreements.',
    });
    expect(await status(customer)).toBe('INCOMPLETE');
  });

  it('a customer under review, or approved, cannot submit', async () => {
    const pending = await freshCustomer(app, 'pending@fundflow.test');
    const refused = await pending.send('POST', ApiPaths.onboardingApplicationSubmit, everything());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errorCode: 'APPLICATION_NOT_OPEN', message: 'Your application is already being reviewed.' });
    const alex = await freshCustomer(app, 'alex@fundflow.test');
    expect((await application(alex)).status).toBe('COMPLETE');
  });

  it.each([
    ['an unknown field', { ...everything(), extra: true }],
    ['a short SSN', { ...everything(), identity: { ...identity(), ssn: '12345' } }],
    ['a number for a name', { ...everything(), identity: { ...identity(), legalLastName: 42 } }],
    ['an unknown employment status', { ...everything(), employment: { ...employment, status: 'ASTRONAUT' } }],
    ['the agreement not accepted', { ...everything(), disclosures: { ...disclosures, agreementAccepted: false } }],
    ['an unknown income band', { ...everything(), investingProfile: { ...investingProfile, annualIncome: 'LOTS' } }],
    ['a list instead of an object', []],
  ])('bad body (%s): 400 { errorCode, message }', async (_name, body) => {
    const customer = await freshCustomer(app, ONBOARDING_DEMO_EMAIL);
    const refused = await customer.send('POST', ApiPaths.onboardingApplicationSubmit, body);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errorCode: 'VALIDATION_FAILED', message: expect.any(String) });
    expect(await status(customer)).toBe('INCOMPLETE');
  });

  it('rules beyond the schema: under 18, an impossible date, an employed customer without an employer', async () => {
    const customer = await freshCustomer(app, ONBOARDING_DEMO_EMAIL);
    const young = await customer.send('POST', ApiPaths.onboardingApplicationSubmit, {
      ...everything(),
      identity: { ...identity(), birthDate: '2015-01-01' },
    });
    expect(young.statusCode).toBe(422);
    expect(young.json()).toEqual({ errorCode: 'APPLICATION_INVALID', message: 'You must be 18 or older to open an account.' });
    const impossible = await customer.send('POST', ApiPaths.onboardingApplicationSubmit, {
      ...everything(),
      identity: { ...identity(), birthDate: '1990-02-30' },
    });
    expect(impossible.json()).toMatchObject({ errorCode: 'APPLICATION_INVALID', message: 'Enter a real date of birth.' });
    const noEmployer = await customer.send('POST', ApiPaths.onboardingApplicationSubmit, {
      ...everything(),
      employment: { status: 'EMPLOYED', employer: null, occupation: null },
    });
    expect(noEmployer.statusCode).toBe(422);
    expect(noEmployer.json()).toMatchObject({ errorCode: 'APPLICATION_INVALID' });
    expect(await status(customer)).toBe('INCOMPLETE');
  });

  it("one customer's submission never touches another's application, and needs a sign-in", async () => {
    const first = await freshCustomer(app, ONBOARDING_DEMO_EMAIL);
    const second = await freshCustomer(app, ONBOARDING_DEMO_EMAIL);
    await first.send('POST', ApiPaths.onboardingApplicationSubmit, everything());
    expect(await status(first)).toBe('PENDING');
    expect(await status(second)).toBe('INCOMPLETE');
    expect((await application(second)).submittedAt).toBeNull();
    const anonymous = await app.inject({ method: 'GET', url: ApiPaths.onboardingApplication });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a sandbox copy of a demo customer gets its started application and its crypto transfers (copyDemoOnboardingCrypto)', async () => {
    const copy = await freshCustomer(app, ONBOARDING_DEMO_EMAIL);
    expect((await application(copy)).steps.filter((s) => s.complete).map((s) => s.step)).toEqual(['IDENTITY', 'ADDRESS']);

    const alexCopy = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = async (userId: string) =>
      (await db.selectFrom('accounts').select('id').where('user_id', '=', userId).where('variant', '=', 'US').executeTakeFirstOrThrow()).id;
    const transfers = await db
      .selectFrom('crypto_transfers')
      .select(['account_id', 'quantity'])
      .where('user_id', '=', alexCopy.userId)
      .execute();
    expect(transfers).toHaveLength(4);
    expect(new Set(transfers.map((t) => t.account_id))).toEqual(new Set([await brokerage(alexCopy.userId)]));
  });

  it('APPLICATION_REVIEW_DELAY_SECONDS: a number of at least 0, 20 by default', () => {
    expect(parseReviewDelaySeconds(undefined)).toBe(20);
    expect(parseReviewDelaySeconds('3')).toBe(3);
    expect(() => parseReviewDelaySeconds('soon')).toThrow(/APPLICATION_REVIEW_DELAY_SECONDS/);
  });
});
