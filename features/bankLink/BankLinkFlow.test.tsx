import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mswServer } from '../../test/msw/server';
import { paymentMethodFixture } from '../../test/fixtures';
import { paymentMethodsHandler } from '../../test/msw/handlers';
import {
  bankLinkHandlers,
  errorAnswer,
  institutionsHandler,
  linkTokenHandler,
  numberLinkHandler,
  partnerLinkHandler,
  routingLookupHandler,
} from '../../test/msw/bankLinkHandlers';
import { FundingErrorCode, FundingMessages } from '../../api/contract/values';
import { selectAnalyticsLog } from '../analytics/analyticsSlice';
import { selectToasts } from '../notifications/toastsSlice';
import { FALLBACK_ROUTES, PAGE_DONE_ROUTE } from './bankLinkCopy';
import { BankLinkAnalytics } from './bankLinkThunks';
import { PARTNER_LINK_SESSION_KEY } from './partnerLinkSession';
import {
  analyticsNames,
  bankHandlers,
  enterNumbers,
  location,
  retypeAccountAndConfirm,
  sandboxLogin,
  searchAndPick,
  setup,
  submitPartnerLogin,
  ui,
} from './bankLinkFlowTestUtils';

beforeEach(() => {
  sessionStorage.clear();
  mswServer.use(...bankLinkHandlers());
});

describe('bank search (bank-selector)', () => {
  afterEach(() => jest.useRealTimers());

  it('search is debounced SEARCH_DEBOUNCE_MS (300 ms): one request for the final text, none before', async () => {
    jest.useFakeTimers();
    const queries: string[] = [];
    mswServer.use(institutionsHandler(undefined, (query) => queries.push(query)));
    const { user } = setup({ user: { advanceTimers: jest.advanceTimersByTime } });
    await user.type(ui.search(), 'Cha');
    await act(() => jest.advanceTimersByTimeAsync(299));
    expect(queries).toEqual([]);
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(await screen.findByRole('button', { name: 'Chase' })).toBeInTheDocument();
    expect(queries).toEqual(['Cha']);
  });

  it('shows initials for a bank without a logo, an empty state and an error state with retry', async () => {
    const { user } = setup();
    await user.type(ui.search(), 'Bank of');
    const result = await screen.findByRole('button', { name: 'Bank of America' });
    expect(result).toHaveTextContent('BA');
    await user.clear(ui.search());
    await user.type(ui.search(), 'Zzz');
    expect(await screen.findByText('No banks match “Zzz”')).toBeInTheDocument();
    mswServer.use(institutionsHandler(errorAnswer(500, 'INTERNAL_ERROR', 'Search is down')));
    await user.type(ui.search(), 'z');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search is down');
  });

  it('popular banks: before anything is typed a grid of buttons, each with our bundled mark and the name, picks as a result does', async () => {
    const { user } = setup();
    const grid = await screen.findByRole('list', { name: 'Popular banks' });
    const tiles = within(grid).getAllByRole('button');
    expect(tiles.map((tile) => tile.textContent)).toEqual(['CChase', 'BABank of America', 'ABAlly Bank']);
    // The mark is drawn by us (an inline svg), never an image fetched from elsewhere.
    expect(grid.querySelectorAll('svg[data-bank-mark]')).toHaveLength(3);
    expect(grid.querySelectorAll('img')).toHaveLength(0);
    await user.click(within(grid).getByRole('button', { name: 'Ally Bank' }));
    // Ally is partner-only: the same step a search result for Ally opens.
    expect(await ui.dialog('Connect Ally Bank')).toBeInTheDocument();
  });

  it('popular banks: typing replaces the grid with the results, clearing the field brings it back', async () => {
    const { user } = setup();
    await screen.findByRole('list', { name: 'Popular banks' });
    await user.type(ui.search(), 'Navy');
    await screen.findByRole('button', { name: 'Navy Federal Credit Union' });
    expect(screen.queryByRole('list', { name: 'Popular banks' })).toBeNull();
    await user.clear(ui.search());
    expect(await screen.findByRole('list', { name: 'Popular banks' })).toBeInTheDocument();
  });

  it("blocked by an addition rule (3 banks): the header says you can't link another bank, not 'Select your bank'", async () => {
    mswServer.use(paymentMethodsHandler(['pm-1', 'pm-2', 'pm-3'].map((id) => paymentMethodFixture({ id }))));
    setup();
    expect(await ui.dialog("You can't link another bank")).toBeInTheDocument();
    expect(screen.queryByText('Select your bank')).toBeNull();
    expect(screen.queryByLabelText('Search for your bank')).toBeNull();
  });

  it('the result list can be used with the keyboard (arrow keys from the field, Enter picks)', async () => {
    const { user } = setup();
    await user.type(ui.search(), 'a');
    await screen.findByRole('button', { name: 'Chase' });
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Chase' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Bank of America' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await ui.dialog('How do you want to link your bank?')).toBeInTheDocument();
  });
});

describe('linking through the partner (sandbox)', () => {
  it('search → link-choice → partner → success, sending the picked account to our server', async () => {
    const linked: unknown[] = [];
    mswServer.use(partnerLinkHandler(undefined, (body) => linked.push(body)));
    const { user, store } = setup();
    expect(screen.getByRole('dialog', { name: 'Select your bank' })).toBeInTheDocument();
    // No back button on bank-selector in modal mode.
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await searchAndPick(user, 'Chase', 'Chase');
    expect(screen.getByRole('dialog', { name: 'How do you want to link your bank?' })).toBeInTheDocument();
    expect(screen.getByText('Recommended')).toBeInTheDocument();
    await user.click(ui.partnerChoice());
    await sandboxLogin(user);
    expect(await ui.dialog('Bank account linked')).toBeInTheDocument();
    expect(linked).toEqual([{ publicToken: 'public-sandbox-link-sandbox-1', institutionId: 'chase', accountId: 'acc-checking' }]);
    expect(screen.getByRole('button', { name: 'Set nickname' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    // The token was kept for an OAuth return while the partner was open, and dropped after it.
    expect(sessionStorage.getItem(PARTNER_LINK_SESSION_KEY)).toBeNull();
    expect(JSON.stringify(store.getState())).not.toContain('link-sandbox-1');
    expect(analyticsNames(store)).toContain(BankLinkAnalytics.succeeded);
  });

  it('closing the partner without success is a cancel: back to the previous step, cancel recorded', async () => {
    const { user, store } = setup();
    await searchAndPick(user, 'Chase', 'Chase');
    await user.click(ui.partnerChoice());
    const partner = await ui.dialog('Log in to Chase');
    await user.click(within(partner).getByRole('button', { name: 'Close' }));
    expect(await ui.dialog('How do you want to link your bank?')).toBeInTheDocument();
    expect(analyticsNames(store)).toEqual([BankLinkAnalytics.cancel]);
  });

  it('partner exit with an error: toast, failure recorded with the description, fallbacks without the partner', async () => {
    mswServer.use(bankHandlers.partnerLoginFails('ITEM_LOCKED', 'The account is locked.'));
    const { user, store } = setup();
    await searchAndPick(user, 'Chase', 'Chase');
    await user.click(ui.partnerChoice());
    await submitPartnerLogin(user, await ui.dialog('Log in to Chase'));
    const fallbacks = await ui.dialog(FundingMessages.fallbackWentWrongTitle);
    expect(within(fallbacks).getByText(FundingMessages.fallbackWentWrongBody)).toBeInTheDocument();
    expect(within(fallbacks).queryByRole('button', { name: /Log in to your bank/ })).not.toBeInTheDocument();
    expect(within(fallbacks).getByRole('button', { name: /Enter routing and account number/ })).toBeInTheDocument();
    expect(selectToasts(store.getState()).map((toast) => toast.message)).toContain('There was an error while linking with Plaid');
    const failure = selectAnalyticsLog(store.getState()).find((event) => event.name === BankLinkAnalytics.linkFailed);
    expect(failure?.properties).toEqual(
      expect.objectContaining({ provider: 'PLAID', reason: 'ITEM_LOCKED', description: 'The account is locked.' }),
    );
    expect(analyticsNames(store)).toContain(BankLinkAnalytics.fallbackViewed);
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('an expired link token is replaced before the partner opens', async () => {
    const { handlers, tokens } = bankHandlers.expiredThenFreshToken();
    mswServer.use(...handlers);
    const { user } = setup();
    await searchAndPick(user, 'Ally', 'Ally Bank');
    await sandboxLogin(user);
    await ui.dialog('Bank account linked');
    expect(tokens).toEqual(['link-fresh']);
  });

  it('INVALID_LINK_TOKEN from the partner: a new token is fetched once and the partner reopens', async () => {
    const { handlers, requests } = bankHandlers.invalidThenGoodToken();
    mswServer.use(...handlers);
    const { user } = setup();
    await searchAndPick(user, 'Ally', 'Ally Bank');
    await submitPartnerLogin(user, await ui.dialog('Log in to Ally Bank'));
    await waitFor(() => expect(requests).toHaveLength(2));
    await sandboxLogin(user);
    expect(await ui.dialog('Bank account linked')).toBeInTheDocument();
    expect(requests).toEqual([{ institutionId: 'ally' }, { institutionId: 'ally' }]);
  });

  it('a duplicate bank is refused with its message and no success', async () => {
    mswServer.use(partnerLinkHandler(errorAnswer(409, FundingErrorCode.DUPLICATE_BANK_ACCOUNT, 'This bank account is already linked.')));
    const { user } = setup();
    await searchAndPick(user, 'Ally', 'Ally Bank');
    await sandboxLogin(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('This bank account is already linked.');
    expect(screen.queryByText('Bank account linked')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Search for another bank' }));
    expect(await screen.findByLabelText('Search for your bank')).toBeInTheDocument();
  });

  it('an addition limit refusal shows its message', async () => {
    mswServer.use(linkTokenHandler([errorAnswer(409, FundingErrorCode.BANK_LIMIT_REACHED, 'You can link up to three bank accounts.')]));
    const { user } = setup();
    await searchAndPick(user, 'Ally', 'Ally Bank');
    expect(await screen.findByRole('alert')).toHaveTextContent('You can link up to three bank accounts.');
  });
});

describe('linking by routing and account number', () => {
  it("shows the table's messages once touched, keeps Next disabled while a field is empty or wrong, and routing at 9 digits", async () => {
    const { user } = setup();
    await searchAndPick(user, 'Navy', 'Navy Federal Credit Union');
    const routing = await ui.routing();
    const next = ui.next();
    expect(next).toBeDisabled();
    await user.type(routing, '02100002299');
    expect(routing).toHaveValue('021000022');
    await user.tab();
    expect(screen.getByText('Please enter a valid 9-digit routing number')).toBeInTheDocument();
    await user.type(ui.account(), '123');
    await user.tab();
    expect(screen.getByText('Please enter a valid account number')).toBeInTheDocument();
    expect(next).toBeDisabled();
    await user.clear(routing);
    await user.type(routing, '021000021');
    await user.type(ui.account(), '4');
    expect(screen.queryByText('Please enter a valid 9-digit routing number')).not.toBeInTheDocument();
    expect(screen.queryByText('Please enter a valid account number')).not.toBeInTheDocument();
    expect(next).toBeEnabled();
  });

  it("number-link → 'Is this the right account?' with the bank and masked number → success; the store never holds the full number", async () => {
    const sent: unknown[] = [];
    mswServer.use(numberLinkHandler([], (body) => sent.push(body)));
    const { user, store } = setup();
    await searchAndPick(user, 'Chase', 'Chase');
    await user.click(ui.numbersChoice());
    await enterNumbers(user);
    const verify = await ui.dialog('Is this the right account?');
    expect(within(verify).getByText('JPMorgan Chase')).toBeInTheDocument();
    expect(within(verify).getByText('•••• 5678')).toBeInTheDocument();
    expect(JSON.stringify(store.getState())).not.toContain('12345678');
    await user.click(within(verify).getByRole('button', { name: 'Yes, link this account' }));
    expect(await ui.dialog('Bank account linked')).toBeInTheDocument();
    expect(sent).toEqual([{ routingNumber: '021000021', bankAccount: '12345678' }]);
    expect(JSON.stringify(store.getState())).not.toContain('12345678');
  });

  it("going back from 'Is this the right account?' records an edit and keeps what was typed", async () => {
    const { user, store } = setup();
    await searchAndPick(user, 'Navy', 'Navy Federal Credit Union');
    await enterNumbers(user);
    await ui.dialog('Is this the right account?');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await ui.routing()).toHaveValue('021000021');
    expect(ui.account()).toHaveValue('12345678');
    expect(analyticsNames(store)).toEqual([BankLinkAnalytics.edit]);
  });

  it('a failed bank lookup falls through silently: the link is sent without the confirmation step', async () => {
    mswServer.use(routingLookupHandler(errorAnswer(500, 'INTERNAL_ERROR', 'down')));
    const { user } = setup();
    await searchAndPick(user, 'Navy', 'Navy Federal Credit Union');
    await enterNumbers(user);
    expect(await ui.dialog('Bank account linked')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('one retry, then the fallbacks without the number link (Try Again clears the failed steps)', async () => {
    mswServer.use(numberLinkHandler([bankHandlers.verificationFailed()]));
    const { user, store } = setup();
    await searchAndPick(user, 'Chase', 'Chase');
    await user.click(ui.numbersChoice());
    await enterNumbers(user);
    await user.click(await ui.confirm());
    await user.click(await screen.findByRole('button', { name: 'Try Again' }));
    expect(await ui.routing()).toHaveValue('021000021');
    expect(ui.account()).toHaveValue('');
    await retypeAccountAndConfirm(user);
    const fallbacks = await ui.dialog(FundingMessages.fallbackTryAnotherTitle);
    expect(within(fallbacks).getByText(FundingMessages.fallbackTryAnotherBody)).toBeInTheDocument();
    expect(within(fallbacks).queryByRole('button', { name: /Enter routing and account number/ })).not.toBeInTheDocument();
    expect(within(fallbacks).getByRole('button', { name: /Log in to your bank/ })).toBeInTheDocument();
    const failures = selectAnalyticsLog(store.getState()).filter((event) => event.name === BankLinkAnalytics.linkFailed);
    expect(failures.map((event) => event.properties.description)).toEqual([
      'We could not verify this account.',
      'We could not verify this account.',
    ]);
  });

  it.each([
    ['a 500', errorAnswer(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'), 'Something went wrong on our side.'],
    [
      'a 429',
      errorAnswer(429, 'RATE_LIMITED', 'Too many requests. Try again in 30 seconds.'),
      'Too many requests. Try again in 30 seconds.',
    ],
    ['a dropped connection', 'network', 'We could not reach Fundflow. Check your connection and try again.'],
  ] as const)(
    '%s is not the numbers: the outage is told with Try Again, the routing number kept, and no attempt used',
    async (_name, fault, message) => {
      // Twice the outage, then the numbers refused twice: only the refusals count (one retry, then fallbacks).
      const numberLink = bankHandlers.outageThenRefusals(fault);
      mswServer.use(numberLink.handler);
      const { user } = setup();
      await searchAndPick(user, 'Navy', 'Navy Federal Credit Union');
      for (const round of [1, 2]) {
        if (round === 1) {
          await enterNumbers(user);
          await user.click(await ui.confirm());
        } else await retypeAccountAndConfirm(user);
        const error = await ui.dialog("We couldn't link your account");
        expect(within(error).getByText(new RegExp(message.replace(/[.?]/g, '\\$&')))).toHaveTextContent(
          'This was not a problem with the numbers you entered.',
        );
        expect(within(error).queryByText('Check your routing and account numbers, then try again.')).not.toBeInTheDocument();
        await user.click(within(error).getByRole('button', { name: 'Try Again' }));
        expect(await ui.routing()).toHaveValue('021000021');
      }
      await retypeAccountAndConfirm(user);
      const refused = await ui.dialog("We couldn't verify your account");
      expect(within(refused).getByText('Check your routing and account numbers, then try again.')).toBeInTheDocument();
      await user.click(within(refused).getByRole('button', { name: 'Try Again' }));
      await retypeAccountAndConfirm(user);
      expect(await ui.dialog(FundingMessages.fallbackTryAnotherTitle)).toBeInTheDocument();
      expect(numberLink.calls.count).toBe(4);
    },
  );

  it("'unable to verify account' goes straight to the fallbacks", async () => {
    mswServer.use(numberLinkHandler([errorAnswer(422, FundingErrorCode.UNABLE_TO_VERIFY_ACCOUNT, 'Unable to verify account.')]));
    const { user } = setup();
    await searchAndPick(user, 'Navy', 'Navy Federal Credit Union');
    await enterNumbers(user);
    await user.click(await ui.confirm());
    expect(await ui.dialog(FundingMessages.fallbackTryAnotherTitle)).toBeInTheDocument();
  });

  it('a duplicate account is refused with its message', async () => {
    mswServer.use(numberLinkHandler([errorAnswer(409, FundingErrorCode.DUPLICATE_BANK_ACCOUNT, 'This bank account is already linked.')]));
    const { user } = setup();
    await searchAndPick(user, 'Navy', 'Navy Federal Credit Union');
    await enterNumbers(user);
    await user.click(await ui.confirm());
    expect(await screen.findByRole('alert')).toHaveTextContent('This bank account is already linked.');
    expect(screen.getByRole('dialog', { name: 'Is this the right account?' })).toBeInTheDocument();
  });
});

describe('fallbacks, closing and done', () => {
  it.each([
    ['Debit card', FALLBACK_ROUTES.DEBIT_CARD, '/settings/payment-methods?m=debit'],
    ['Microdeposit', FALLBACK_ROUTES.MICRO_DEPOSIT, '/settings/funding-methods?m=microdeposit&step=add-funding-method'],
    ['Wire transfer', FALLBACK_ROUTES.WIRE_TRANSFER, '/settings/wire-transfer'],
  ])('%s navigates to %s and closes the modal', async (label, route, expected) => {
    expect(route).toBe(expected);
    const { user, onClose } = setup();
    await searchAndPick(user, 'Goldman', 'Goldman Sachs Bank USA');
    expect(await ui.dialog(FundingMessages.fallbackTryAnotherTitle)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: new RegExp(`^${label}`) }));
    expect(location()).toBe(expected);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('with bankLinkHighYield only the two bank-link kinds are offered', async () => {
    const { user } = setup({ highYieldOnly: true });
    await searchAndPick(user, 'Goldman', 'Goldman Sachs Bank USA');
    const fallbacks = await ui.dialog(FundingMessages.fallbackTryAnotherTitle);
    expect(within(fallbacks).queryByRole('button', { name: /Debit card|Microdeposit|Wire transfer/ })).not.toBeInTheDocument();
    // Nothing else to offer: a Close button under the text, besides the header's.
    expect(within(fallbacks).getAllByRole('button', { name: 'Close' })).toHaveLength(2);
  });

  it('closing records a cancel and calls onClose', async () => {
    const { user, store, onClose } = setup();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(analyticsNames(store)).toEqual([BankLinkAnalytics.cancel]);
  });

  it("'Set nickname' goes to the nickname editor for the new method; Done closes the modal", async () => {
    const { user, onClose } = setup();
    await searchAndPick(user, 'Ally', 'Ally Bank');
    await sandboxLogin(user);
    await user.click(await screen.findByRole('button', { name: 'Set nickname' }));
    expect(location()).toBe('/settings/funding-methods?nickname=pm-new');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Done in page mode reopens the add-funding-methods modal; the back button shows on bank-selector', async () => {
    const { user, onClose, store } = setup({ presentation: 'page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Select your bank' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    await searchAndPick(user, 'Ally', 'Ally Bank');
    await sandboxLogin(user);
    await user.click(await screen.findByRole('button', { name: 'Done' }));
    expect(location()).toBe(PAGE_DONE_ROUTE);
    expect(onClose).not.toHaveBeenCalled();
    expect(analyticsNames(store)).not.toContain(BankLinkAnalytics.cancel);
  });
});
