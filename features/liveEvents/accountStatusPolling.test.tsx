import { act } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { sessionEstablished } from '../../api/authEvents';
import { ApiPaths, type Account, type AccountsResponse, type ApplicationStatus, type MeResponse } from '../../api/contract';
import { makeStore } from '../../store/store';
import { accountFixture, sessionFixture, userFixture } from '../../test/fixtures';
import { API_ORIGIN } from '../../test/msw/handlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import { accountStatusPollingInterval, effectiveAccountStatus } from './accountStatusPolling';
import { useAccountStatusPolling } from './useAccountStatusPolling';

describe('account status rule (funding-methods.md 4.9)', () => {
  it('an open account counts as COMPLETE whatever the application says', () => {
    expect(effectiveAccountStatus('PENDING', { status: 'OPEN', variant: 'US' })).toBe('COMPLETE');
  });

  it('an entity variant counts as COMPLETE', () => {
    expect(effectiveAccountStatus('ACTION_REQUIRED', { status: 'PENDING', variant: 'ENTITY' })).toBe('COMPLETE');
  });

  it("otherwise it is the application's status, or unknown", () => {
    expect(effectiveAccountStatus('PENDING', { status: 'PENDING', variant: 'US' })).toBe('PENDING');
    expect(effectiveAccountStatus('INCOMPLETE', null)).toBe('INCOMPLETE');
    expect(effectiveAccountStatus(null, null)).toBeNull();
  });

  it('polls every 15 seconds only while a refresh is requested and the status is not COMPLETE', () => {
    expect(accountStatusPollingInterval(true, 'PENDING')).toBe(15_000);
    expect(accountStatusPollingInterval(true, null)).toBe(15_000);
    expect(accountStatusPollingInterval(true, 'COMPLETE')).toBe(0);
    expect(accountStatusPollingInterval(false, 'PENDING')).toBe(0);
  });
});

describe('useAccountStatusPolling', () => {
  /** The server's answers: the application moves on when the test says so. */
  function server(initial: { application: ApplicationStatus; account: Account }) {
    const state = { ...initial, meCalls: 0, accountCalls: 0 };
    mswServer.use(
      http.get(`${API_ORIGIN}${ApiPaths.me}`, () => {
        state.meCalls += 1;
        return HttpResponse.json<MeResponse>({ user: userFixture({ applicationStatus: state.application }) });
      }),
      http.get(`${API_ORIGIN}${ApiPaths.accounts}`, () => {
        state.accountCalls += 1;
        return HttpResponse.json<AccountsResponse>({ accounts: [state.account] });
      }),
    );
    return state;
  }

  function Probe({ refreshRequested }: { refreshRequested: boolean }) {
    const { status, polling } = useAccountStatusPolling(refreshRequested);
    return (
      <p role="status">
        {status ?? 'unknown'} {polling ? 'polling' : 'idle'}
      </p>
    );
  }

  function renderProbe(refreshRequested: boolean, application: ApplicationStatus = 'PENDING') {
    const store = makeStore();
    store.dispatch(sessionEstablished(sessionFixture({ user: userFixture({ applicationStatus: application }) })));
    return renderWithProviders(<Probe refreshRequested={refreshRequested} />, { store });
  }

  const pendingAccount = accountFixture({ status: 'PENDING', variant: 'US' });
  const tick = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

  beforeEach(() => jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] }));
  afterEach(() => jest.useRealTimers());

  it('polls every 15 seconds while pending and stops once the application is COMPLETE', async () => {
    const answers = server({ application: 'PENDING', account: pendingAccount });
    const { getByRole } = renderProbe(true);
    await tick(100);
    expect(answers.meCalls).toBe(1);
    expect(getByRole('status')).toHaveTextContent('PENDING polling');

    await tick(14_800);
    expect(answers.meCalls).toBe(1);
    await tick(200);
    expect(answers.meCalls).toBe(2);

    answers.application = 'COMPLETE';
    await tick(15_000);
    expect(answers.meCalls).toBe(3);
    expect(getByRole('status')).toHaveTextContent('COMPLETE idle');

    await tick(60_000);
    expect(answers.meCalls).toBe(3);
  });

  it('stops once the account is open, though the application still reads PENDING', async () => {
    const answers = server({ application: 'PENDING', account: pendingAccount });
    const { getByRole } = renderProbe(true);
    await tick(100);
    answers.account = accountFixture({ status: 'OPEN', variant: 'US' });
    await tick(15_000);
    expect(getByRole('status')).toHaveTextContent('COMPLETE idle');
    const calls = answers.accountCalls;
    await tick(45_000);
    expect(answers.accountCalls).toBe(calls);
  });

  it('does not poll when no refresh is requested', async () => {
    const answers = server({ application: 'PENDING', account: pendingAccount });
    const { getByRole } = renderProbe(false);
    await tick(60_000);
    expect(answers.meCalls).toBe(0);
    expect(getByRole('status')).toHaveTextContent('PENDING idle');
  });

  it('refreshes an entity customer once and polls no more: an entity account counts as COMPLETE', async () => {
    const answers = server({ application: 'PENDING', account: accountFixture({ status: 'PENDING', variant: 'ENTITY' }) });
    const { getByRole } = renderProbe(true);
    await tick(100);
    await tick(60_000);
    expect(getByRole('status')).toHaveTextContent('COMPLETE idle');
    expect(answers.meCalls).toBe(1);
    expect(answers.accountCalls).toBe(1);
  });
});
