import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ApiPaths } from '../../api/contract/values';
import { API_ORIGIN } from '../../test/msw/handlers';
import { sessionEstablished } from '../../api/authEvents';
import { makeStore } from '../../store/store';
import { sessionFixture, userFixture } from '../../test/fixtures';
import { applicationFixture, onboardingBackend } from '../../test/msw/onboardingHandlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DisclosureQuestions } from './steps/disclosureQuestions';
import { OnboardingCopy } from './onboardingCopy';
import SetupInvestingPage from './SetupInvestingPage';

// Forms filled through the UI, select by select: slower than the default 5 seconds on a busy machine.
jest.setTimeout(30_000);

function setup(application = applicationFixture(), options: Parameters<typeof onboardingBackend>[1] = {}) {
  const backend = onboardingBackend(application, options);
  mswServer.use(...backend.handlers);
  const store = makeStore();
  store.dispatch(
    sessionEstablished(
      sessionFixture({ user: userFixture({ applicationStatus: application.status, firstName: 'Taylor', lastName: 'Brooks' }) }),
    ),
  );
  return { backend, ...renderWithProviders(<SetupInvestingPage />, { store, route: '/setup-investing' }) };
}

type User = ReturnType<typeof setup>['user'];

async function fillMissingSteps(user: User) {
  await user.click(await screen.findByRole('button', { name: OnboardingCopy.continue }));
  expect(await screen.findByRole('heading', { name: 'Step 1 of 3: Employment' })).toHaveFocus();
  await user.selectOptions(screen.getByLabelText('Employment status'), 'EMPLOYED');
  await user.type(screen.getByLabelText('Employer'), 'Mile High Design');
  await user.type(screen.getByLabelText('Occupation'), 'Architect');
  await user.click(screen.getByRole('button', { name: OnboardingCopy.next }));

  await screen.findByRole('heading', { name: 'Step 2 of 3: Investing profile' });
  await user.selectOptions(screen.getByLabelText('Investment objective'), 'GROWTH');
  await user.selectOptions(screen.getByLabelText('Risk tolerance'), 'MEDIUM');
  await user.selectOptions(screen.getByLabelText('Time horizon'), 'LONG');
  await user.selectOptions(screen.getByLabelText('Investment experience'), 'LIMITED');
  await user.selectOptions(screen.getByLabelText('Annual income'), 'FROM_50K_TO_100K');
  await user.selectOptions(screen.getByLabelText('Liquid net worth'), 'FROM_50K_TO_100K');
  await user.click(screen.getByRole('button', { name: OnboardingCopy.next }));

  await screen.findByRole('heading', { name: 'Step 3 of 3: Disclosures and agreements' });
  // The agreement is required.
  await user.click(screen.getByRole('button', { name: OnboardingCopy.toReview }));
  expect(await screen.findByRole('alert')).toHaveTextContent('You need to accept the agreements to open an account.');
  await user.click(screen.getByRole('checkbox', { name: DisclosureQuestions.agreement }));
  await user.click(screen.getByRole('button', { name: OnboardingCopy.toReview }));
  await screen.findByRole('heading', { name: OnboardingCopy.reviewTitle });
}

describe('/setup-investing', () => {
  it('shows what is done and what is missing as a checklist', async () => {
    setup();
    const steps = await screen.findByRole('list', { name: 'Application steps' });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Identity: doneTaylor Brooks, U.S. citizen, SSN ending 6789',
      'Home address: done2150 Larimer Street, Denver, CO 80205',
      'Employment: to do',
      'Investing profile: to do',
      'Disclosures and agreements: to do',
    ]);
    expect(screen.getByText('2 of 5 steps done')).toBeInTheDocument();
  });

  it('fills the missing steps, reviews them and submits only those; then shows the review in progress', async () => {
    const { user, backend } = setup();
    await fillMissingSteps(user);
    const review = screen.getByRole('heading', { name: OnboardingCopy.reviewTitle }).closest('section')!;
    expect(within(review).getByText(/Employed: Architect at Mile High Design/)).toBeInTheDocument();
    expect(within(review).getByText(/Taylor Brooks, U.S. citizen, SSN ending 6789/)).toBeInTheDocument();

    // Edit goes back to that step with the answers kept.
    await user.click(screen.getByRole('button', { name: 'Edit Employment' }));
    expect(screen.getByLabelText('Employer')).toHaveValue('Mile High Design');
    await user.click(screen.getByRole('button', { name: OnboardingCopy.next }));
    await user.click(await screen.findByRole('button', { name: OnboardingCopy.next }));
    await user.click(await screen.findByRole('button', { name: OnboardingCopy.toReview }));

    await user.click(await screen.findByRole('button', { name: OnboardingCopy.submit }));
    expect(await screen.findByRole('heading', { name: OnboardingCopy.reviewingTitle })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: OnboardingCopy.reviewingProgress })).toBeInTheDocument();
    expect(backend.state.submissions).toEqual([
      {
        employment: { status: 'EMPLOYED', employer: 'Mile High Design', occupation: 'Architect' },
        investingProfile: {
          investmentObjective: 'GROWTH',
          riskTolerance: 'MEDIUM',
          timeHorizon: 'LONG',
          investmentExperience: 'LIMITED',
          annualIncome: 'FROM_50K_TO_100K',
          liquidNetWorth: 'FROM_50K_TO_100K',
        },
        disclosures: { brokerDealer: false, publiclyTraded: false, politicallyExposed: false, agreementAccepted: true },
      },
    ]);
  });

  it('the identity step: prefilled names, the age rule, and the SSN sent but never kept in the store', async () => {
    const { user, backend, store } = setup(applicationFixture({}, ['ADDRESS', 'EMPLOYMENT', 'INVESTING_PROFILE', 'DISCLOSURES']));
    await user.click(await screen.findByRole('button', { name: OnboardingCopy.continue }));
    await screen.findByRole('heading', { name: 'Step 1 of 1: Identity' });
    expect(screen.getByLabelText('Legal first name')).toHaveValue('Taylor');
    await user.type(screen.getByLabelText('Date of birth'), '01/01/2020');
    await user.type(screen.getByLabelText('Phone number'), '303 555 0142');
    await user.selectOptions(screen.getByLabelText('Citizenship'), 'US_CITIZEN');
    await user.type(screen.getByLabelText('Social Security number'), '123-45-6789');
    await user.click(screen.getByRole('button', { name: OnboardingCopy.toReview }));
    expect(await screen.findByText('You must be 18 or older to open an account.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Date of birth'));
    await user.type(screen.getByLabelText('Date of birth'), '04/18/1992');
    await user.click(screen.getByRole('button', { name: OnboardingCopy.toReview }));
    await screen.findByRole('heading', { name: OnboardingCopy.reviewTitle });
    expect(JSON.stringify(store.getState())).not.toContain('123456789');
    await user.click(screen.getByRole('button', { name: OnboardingCopy.submit }));
    await screen.findByRole('heading', { name: OnboardingCopy.reviewingTitle });
    expect(backend.state.submissions[0].identity).toEqual({
      legalFirstName: 'Taylor',
      legalLastName: 'Brooks',
      birthDate: '1992-04-18',
      phoneNumber: '3035550142',
      citizenship: 'US_CITIZEN',
      ssn: '123456789',
    });
  });

  it("shows the server's refusal and keeps the review", async () => {
    const { user } = setup(applicationFixture(), {
      refuse: { status: 422, errorCode: 'APPLICATION_STEPS_MISSING', message: 'Finish these steps first: Home address.' },
    });
    await fillMissingSteps(user);
    await user.click(screen.getByRole('button', { name: OnboardingCopy.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Finish these steps first: Home address.');
    expect(screen.getByRole('heading', { name: OnboardingCopy.reviewTitle })).toBeInTheDocument();
  });

  it('a submit taken by the server whose answer was lost: the application is fetched again and shows the review in progress', async () => {
    const { user, backend } = setup();
    await fillMissingSteps(user);
    mswServer.use(
      http.post(
        `${API_ORIGIN}${ApiPaths.onboardingApplicationSubmit}`,
        () => {
          // Sent for review on the server; the connection drops before the answer.
          backend.state.application = { ...backend.state.application, status: 'PENDING', submittedAt: '2026-03-02T15:00:00.000Z' };
          return HttpResponse.error();
        },
        { once: true },
      ),
    );
    await user.click(screen.getByRole('button', { name: OnboardingCopy.submit }));
    expect(await screen.findByRole('heading', { name: OnboardingCopy.reviewingTitle })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: OnboardingCopy.submit })).not.toBeInTheDocument();
  });

  it('a submit that failed without reaching the server keeps the review and its answers for another press', async () => {
    const { user, backend } = setup();
    await fillMissingSteps(user);
    mswServer.use(http.post(`${API_ORIGIN}${ApiPaths.onboardingApplicationSubmit}`, () => HttpResponse.error(), { once: true }));
    await user.click(screen.getByRole('button', { name: OnboardingCopy.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`${OnboardingCopy.submitFailed} We could not reach Fundflow.`);
    expect(screen.getByText(/Employed: Architect at Mile High Design/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: OnboardingCopy.submit }));
    expect(await screen.findByRole('heading', { name: OnboardingCopy.reviewingTitle })).toBeInTheDocument();
    expect(backend.state.submissions).toHaveLength(1);
  });

  it('a customer who is done is told so, with the portfolio link', async () => {
    setup(applicationFixture({ status: 'COMPLETE' }, ['IDENTITY', 'ADDRESS', 'EMPLOYMENT', 'INVESTING_PROFILE', 'DISCLOSURES']));
    expect(await screen.findByRole('heading', { name: OnboardingCopy.doneTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: OnboardingCopy.portfolio })).toHaveAttribute('href', '/portfolio');
  });

  it('asks for what the reviewer sent back, with its message', async () => {
    setup(
      applicationFixture({ status: 'ACTION_REQUIRED', actionRequired: { reason: 'RESUBMIT_ID', message: 'Check your legal name.' } }, [
        'ADDRESS',
        'EMPLOYMENT',
        'INVESTING_PROFILE',
        'DISCLOSURES',
      ]),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Check your legal name.');
    expect(screen.getByRole('button', { name: OnboardingCopy.continueFix })).toBeInTheDocument();
  });

  it('without an address on file: sent to add it, and the submit waits for it', async () => {
    setup(applicationFixture({}, ['IDENTITY']));
    expect(await screen.findByRole('link', { name: OnboardingCopy.addAddress })).toHaveAttribute('href', '/settings/personal-info');
  });
});

describe('/setup-investing waiting for the decision (status polled every 15 seconds)', () => {
  const tick = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  const pending = () =>
    applicationFixture({ status: 'PENDING', submittedAt: '2026-03-02T15:00:00.000Z' }, [
      'IDENTITY',
      'ADDRESS',
      'EMPLOYMENT',
      'INVESTING_PROFILE',
      'DISCLOSURES',
    ]);

  it('approved: the next poll shows the account open, with deposit and link-a-bank; the polling stops', async () => {
    const { backend } = setup(pending());
    await tick(100);
    expect(screen.getByRole('heading', { name: OnboardingCopy.reviewingTitle })).toBeInTheDocument();
    backend.decide('COMPLETE');
    await tick(15_000);
    expect(screen.getByRole('heading', { name: OnboardingCopy.openTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: OnboardingCopy.depositFunds })).toHaveAttribute('href', '/settings/v2/deposit');
    expect(screen.getByRole('link', { name: OnboardingCopy.linkBank })).toHaveAttribute('href', '/settings/v2/bank-link');
    const calls = backend.state.meCalls;
    await tick(45_000);
    expect(backend.state.meCalls).toBe(calls);
  });

  it('declined: a clear message and Contact support', async () => {
    const { backend } = setup(pending());
    await tick(100);
    backend.decide('REJECTED', 'We are unable to open an account for you.');
    await tick(15_000);
    await tick(100);
    expect(screen.getByRole('heading', { name: OnboardingCopy.rejectedTitle })).toBeInTheDocument();
    expect(screen.getByText('We are unable to open an account for you.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: OnboardingCopy.contactSupport })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));
  });

  it('action required: back to the checklist with what to fix', async () => {
    const { backend } = setup(pending());
    await tick(100);
    backend.decide('ACTION_REQUIRED', 'Check your legal name, date of birth and SSN.');
    await tick(15_000);
    await tick(100);
    expect(screen.getByRole('alert')).toHaveTextContent('Check your legal name, date of birth and SSN.');
    expect(screen.getByRole('button', { name: OnboardingCopy.continueFix })).toBeInTheDocument();
  });
});
