import { screen, waitFor, within } from '@testing-library/react';
import { accountFixture, paymentMethodFixture } from '../../test/fixtures';
import { renderFunding } from './fundingTestUtils';
import { MICRO_LINK_TEXT } from './MicroDepositLinkModal';

jest.mock('../bankLink/BankLinkFlow', () => ({
  __esModule: true,
  default: ({ highYieldOnly, onClose }: { highYieldOnly?: boolean; onClose: () => void }) => (
    <div role="dialog" aria-label="Bank link stub">
      {highYieldOnly ? 'high-yield only' : 'all fallbacks'}
      <button onClick={onClose}>Close bank link</button>
    </div>
  ),
}));
jest.mock('../debitCard/DebitCardFlow', () => ({
  __esModule: true,
  default: ({ auvToken, onClose }: { auvToken?: string; onClose: () => void }) => (
    <div role="dialog" aria-label="Debit card stub">
      token {auvToken ?? 'none'}
      <button onClick={onClose}>Close card</button>
    </div>
  ),
}));

const location = () => screen.getByTestId('location').textContent;
const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });

afterEach(() => setWidth(1024));

describe('FundingFlowHost: flows from query flags (2.1)', () => {
  it('opens the bank link as a modal and closing removes the flag, destination, frequency and dayOfWeek', async () => {
    const { user } = renderFunding(<div />, {
      route: '/portfolio?bankLink=enabled&destination=us&frequency=WEEKLY&dayOfWeek=MONDAY&origin=x',
    });
    expect(await screen.findByRole('dialog', { name: 'Bank link stub' })).toHaveTextContent('all fallbacks');
    expect(location()).toBe('/portfolio?bankLink=enabled&destination=us&frequency=WEEKLY&dayOfWeek=MONDAY&origin=x');
    await user.click(screen.getByRole('button', { name: 'Close bank link' }));
    await waitFor(() => expect(location()).toBe('/portfolio?origin=x'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('bankLinkHighYield limits the fallbacks', async () => {
    renderFunding(<div />, { route: '/portfolio?bankLinkHighYield=enabled' });
    expect(await screen.findByRole('dialog', { name: 'Bank link stub' })).toHaveTextContent('high-yield only');
  });

  it('below the 760 px breakpoint the flag goes to the full route instead', async () => {
    setWidth(500);
    renderFunding(<div />, { route: '/portfolio?bankLink=enabled&frequency=WEEKLY' });
    await waitFor(() => expect(location()).toBe('/settings/v2/bank-link?origin=%2Fportfolio'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('addFundingMethods opens the choice; Bank account moves on to the bank link', async () => {
    const { user, store } = renderFunding(<div />, { route: '/portfolio?addFundingMethods=enabled' });
    const dialog = await screen.findByRole('dialog', { name: 'Choose a funding method' });
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: /Bank account/ }));
    await user.click(next);
    expect(await screen.findByRole('dialog', { name: 'Bank link stub' })).toBeInTheDocument();
    expect(store.getState().fundingModal).toMatchObject({ modal: 'ach', baseFlow: 'addMethod' });
  });

  it('the choice offers Bank account (recommended), Debit card, Wire transfer and Microdeposit', async () => {
    renderFunding(<div />, {
      route: '/portfolio?addFundingMethods=enabled',
      methods: [paymentMethodFixture({ defaultPaymentMethod: true })],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Choose a funding method' });
    await waitFor(() => expect(within(dialog).getAllByRole('radio')).toHaveLength(4));
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.querySelector('.funding-choice__title')?.textContent),
    ).toEqual(['Bank accountRecommended', 'Debit card', 'Wire transfer', 'Microdeposit']);
  });

  it('the choice hides Wire transfer in withdrawal mode and when the application is not COMPLETE', async () => {
    renderFunding(<div />, { route: '/portfolio?addWithdrawalMethods=enabled' });
    const dialog = await screen.findByRole('dialog', { name: 'Choose a funding method' });
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: /Microdeposit/ })).toBeInTheDocument());
    expect(within(dialog).queryByRole('radio', { name: /Wire transfer/ })).not.toBeInTheDocument();
  });

  it('the choice hides Debit card when the main account is an entity account', async () => {
    renderFunding(<div />, {
      route: '/portfolio?addFundingMethods=enabled',
      methods: [],
      accounts: [accountFixture({ variant: 'ENTITY' })],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Choose a funding method' });
    await waitFor(() => expect(within(dialog).getByRole('radio', { name: /Microdeposit/ })).toBeInTheDocument());
    expect(within(dialog).queryByRole('radio', { name: /Debit card/ })).not.toBeInTheDocument();
  });

  it('Wire transfer goes to the wire page', async () => {
    const { user } = renderFunding(<div />, { route: '/portfolio?addFundingMethods=enabled' });
    const dialog = await screen.findByRole('dialog', { name: 'Choose a funding method' });
    await user.click(await within(dialog).findByRole('radio', { name: /Wire transfer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location()).toBe('/settings/v2/wire-transfer'));
  });

  it('m=debit&auv=<token> opens the debit card flow with the address-verification token', async () => {
    const { user } = renderFunding(<div />, { route: '/settings/payment-methods?m=debit&auv=tok-9' });
    expect(await screen.findByRole('dialog', { name: 'Debit card stub' })).toHaveTextContent('token tok-9');
    await user.click(screen.getByRole('button', { name: 'Close card' }));
    await waitFor(() => expect(location()).toBe('/settings/payment-methods'));
  });

  it('m=microdeposit&step=add-funding-method opens the micro-deposit modal over the choice', async () => {
    const { store } = renderFunding(<div />, { route: '/settings/funding-methods?m=microdeposit&step=add-funding-method' });
    expect(await screen.findByRole('dialog', { name: MICRO_LINK_TEXT.title })).toBeInTheDocument();
    expect(store.getState().fundingModal).toMatchObject({ modal: 'microDeposit', baseFlow: 'addMethod' });
  });
});
