import { configure, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router';
import { accountsApi } from '../../api/accountsApi';
import { configApi } from '../../api/configApi';
import { DEFAULT_FLAGS } from '../../api/contract/values';
import type { FeatureFlags } from '../../api/contract';
import { makeStore } from '../../store/store';
import { accountFixture, sessionFixture, userFixture } from '../../test/fixtures';
import { configHandler } from '../../test/msw/handlers';
import { brokerageAccount, depositError, depositsBackend } from '../../test/msw/depositHandlers';
import { contributionsFixture, iraContributionsHandler, userPropertiesBackend } from '../../test/msw/iraHandlers';
import { fundingMethodsBackend } from '../../test/msw/fundingHandlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import { FundingFlowGate } from '../fundingMethods/FundingFlowGate';
import { LocationProbe } from '../fundingMethods/fundingTestUtils';
import { bankMethod, cardMethod } from './depositTestUtils';

// Whole flows against MSW: give the lazy chunks and the requests time when the machine is busy.
configure({ asyncUtilTimeout: 4000 });

jest.mock('../bankLink/BankLinkFlow', () => ({
  __esModule: true,
  default: ({ onClose }: { onClose: () => void }) => (
    <div role="dialog" aria-label="Bank link stub">
      <button onClick={onClose}>Close bank link</button>
    </div>
  ),
}));

jest.setTimeout(20_000);

const location = () => screen.getByTestId('location').textContent;

/** The browser's Back button, for a memory router. */
function BrowserBack() {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(-1)}>Browser Back</button>;
}
const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
afterEach(() => setWidth(1024));

async function renderHost(
  route: string,
  {
    flags = {},
    methods = [bankMethod()],
    ...options
  }: { flags?: Partial<FeatureFlags> } & Parameters<typeof depositsBackend>[0] & { methods?: ReturnType<typeof bankMethod>[] } = {},
) {
  const deposits = depositsBackend(options);
  mswServer.use(
    ...fundingMethodsBackend(methods).handlers,
    ...deposits.handlers,
    configHandler({ flags: { ...DEFAULT_FLAGS, ...flags }, marketRestrictions: {} }),
  );
  const store = makeStore({
    session: { status: 'authenticated', accessToken: sessionFixture().accessToken, user: userFixture(), endedReason: null },
  });
  // As the app layout does: the flags are known before a flow opens.
  await store.dispatch(configApi.endpoints.getConfig.initiate()).unwrap();
  await store.dispatch(accountsApi.endpoints.getAccounts.initiate()).unwrap();
  const rendered = renderWithProviders(
    <>
      <Routes>
        <Route path="*" element={<div />} />
      </Routes>
      <FundingFlowGate />
      <LocationProbe />
      <BrowserBack />
    </>,
    { store, route },
  );
  return { ...rendered, deposits };
}

describe('regularDeposit=enabled: the deposit flow over the current page', () => {
  it('opens as a modal; closing removes the flag, destination, frequency and dayOfWeek', async () => {
    const { user, store } = await renderHost('/portfolio?regularDeposit=enabled&destination=us&dayOfWeek=MONDAY&origin=x');
    const dialog = await screen.findByRole('dialog', { name: 'Deposit funds' }, { timeout: 5000 });
    expect(store.getState().fundingModal?.modal).toBe('deposit');
    await within(dialog).findByLabelText('Amount');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe('/portfolio?origin=x'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().fundingModal?.modal).toBe('none');
  });

  it('Browser Back goes back a step (review to amount, the amount kept), and on the first step closes the flow', async () => {
    const { user, store } = await renderHost('/portfolio?regularDeposit=enabled&destination=us');
    const dialog = await screen.findByRole('dialog', { name: 'Deposit funds' }, { timeout: 5000 });
    await user.type(await within(dialog).findByLabelText('Amount'), '40');
    const next = within(dialog).getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);
    expect(await screen.findByRole('dialog', { name: 'Review deposit' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Browser Back' }));
    const amountStep = await screen.findByRole('dialog', { name: 'Deposit funds' });
    expect(within(amountStep).getByLabelText('Amount')).toHaveValue('40');
    expect(location()).toBe('/portfolio?regularDeposit=enabled&destination=us');

    await user.click(screen.getByRole('button', { name: 'Browser Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(location()).toBe('/portfolio'));
    expect(store.getState().fundingModal?.modal).toBe('none');
    expect(store.getState().depositDraft.draftId).toBeNull();
  });

  it('a recurring link opens the recurringDeposit state with the schedule filled in', async () => {
    const { store } = await renderHost('/portfolio?regularDeposit=enabled&frequency=WEEKLY&dayOfWeek=WEDNESDAY');
    const dialog = await screen.findByRole('dialog', { name: 'Deposit funds' }, { timeout: 5000 });
    expect(store.getState().fundingModal?.modal).toBe('recurringDeposit');
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: 'Wed' })).toHaveAttribute('aria-checked', 'true'));
  });

  it('below 760 px it is still a modal (the kit shows it full screen)', async () => {
    setWidth(500);
    await renderHost('/portfolio?regularDeposit=enabled');
    expect(await screen.findByRole('dialog', { name: 'Deposit funds' }, { timeout: 5000 })).toBeInTheDocument();
    expect(location()).toBe('/portfolio?regularDeposit=enabled');
  });

  it('with modals turned off it goes to the full route, keeping the query and the way back', async () => {
    await renderHost('/portfolio?regularDeposit=enabled&destination=high-yield', { flags: { fundingFlowsAsModal: false } });
    await waitFor(() => expect(location()).toBe('/high-yield/deposit?destination=high-yield&origin=%2Fportfolio'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Link Bank from the limit dialog opens the bank link over the deposit, and closing it comes back to the deposit', async () => {
    const { user, store } = await renderHost('/portfolio?regularDeposit=enabled&destination=us', {
      methods: [cardMethod()],
      confirmAnswers: [depositError(422, 'DE#00003', 'Deposit limit reached')],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Deposit funds' }, { timeout: 5000 });
    const amount = await within(dialog).findByLabelText('Amount');
    await user.type(amount, '300');
    const next = within(dialog).getByRole('button', { name: 'Next' });
    await waitFor(() => expect(next).toBeEnabled());
    await user.click(next);
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const limit = await screen.findByRole('dialog', { name: 'Deposit limit reached' });
    await user.click(within(limit).getByRole('button', { name: 'Link Bank' }));
    expect(await screen.findByRole('dialog', { name: 'Bank link stub' })).toBeInTheDocument();
    expect(store.getState().fundingModal).toMatchObject({ modal: 'ach', baseFlow: 'deposit' });
    await user.click(screen.getByRole('button', { name: 'Close bank link' }));
    expect(await screen.findByRole('dialog', { name: 'Review deposit' })).toBeInTheDocument();
    // The bank link's close strips its own flag and the companions; the deposit draft is kept in the store.
    expect(location()).toBe('/portfolio?regularDeposit=enabled');
  });

  it('an IRA destination opens the retirement variant, which asks for the contribution year', async () => {
    const roth = accountFixture({ accountUuid: 'uuid-roth', account: '482139077', variant: 'ROTH_IRA', displayName: 'Roth IRA' });
    mswServer.use(
      iraContributionsHandler(() => contributionsFixture()),
      ...userPropertiesBackend({ iraMatchWelcomeSeen: true }).handlers,
    );
    const { user, store } = await renderHost('/portfolio?regularDeposit=enabled&destination=uuid-roth', {
      accounts: [brokerageAccount(), roth],
    });
    const dialog = await screen.findByRole('dialog', { name: 'IRA deposit' }, { timeout: 5000 });
    expect(store.getState().fundingModal?.modal).toBe('deposit');
    expect(await within(dialog).findByLabelText('Contribution year')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Deposit funds' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe('/portfolio'));
  });

  it('with modals turned off an IRA destination goes to the IRA deposit route for that account', async () => {
    const traditional = accountFixture({
      accountUuid: 'uuid-trad',
      account: '482139076',
      variant: 'TRADITIONAL_IRA',
      displayName: 'Traditional IRA',
    });
    await renderHost('/portfolio?regularDeposit=enabled&destination=ira', {
      flags: { fundingFlowsAsModal: false },
      accounts: [brokerageAccount(), traditional],
    });
    await waitFor(() => expect(location()).toBe('/settings/ira-deposit?account=9076&origin=%2Fportfolio'));
  });
});
