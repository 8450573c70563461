// The IRA deposit flow's schedules, a reload, the match welcome and the modal variant.
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { mswServer } from '../../test/msw/server';
import { accountsHandler, paymentMethodsHandler } from '../../test/msw/handlers';
import { iraConfigHandler, iraContributionsHandler, recurringCreateBackend, userPropertiesBackend } from '../../test/msw/iraHandlers';
import { initialDepositDraft } from '../deposits/depositDraftSlice';
import { DRAFT_KEPT_MINUTES } from '../deposits/depositRules';
import { IraDepositModal } from './IraDepositModal';
import { bank, brokerage, iraUi, ready, roth, setup, TODAY, traditional } from './iraDepositTestUtils';

jest.setTimeout(20_000);

const { yearSelect, amountInput } = iraUi;

describe('IRA deposit: frequency', () => {
  it('the previous tax year is one-time only: the other frequencies are unavailable', async () => {
    const { user } = setup();
    await ready();
    const frequency = screen.getByRole('radiogroup', { name: 'Frequency' });
    expect(within(frequency).getByRole('radio', { name: 'Weekly' })).toBeEnabled();
    await user.selectOptions(yearSelect(), '2025');
    expect(within(frequency).getByRole('radio', { name: 'Weekly' })).toBeDisabled();
    expect(within(frequency).getByRole('radio', { name: 'One-time' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText('Contributions for 2025 can be one-time only.')).toBeInTheDocument();
  });

  it('choosing the previous year turns a schedule back into one-time', async () => {
    const { user } = setup();
    await ready();
    await user.click(screen.getByRole('radio', { name: 'Monthly' }));
    expect(screen.getByLabelText('Day of the month')).toBeInTheDocument();
    await user.selectOptions(yearSelect(), '2025');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'One-time' })).toHaveAttribute('aria-checked', 'true'));
    expect(screen.queryByLabelText('Day of the month')).not.toBeInTheDocument();
  });

  it('a weekly contribution for the current year goes straight to review, then creates the schedule with the year', async () => {
    const recurring = recurringCreateBackend();
    const { user, backend } = setup();
    mswServer.use(recurring.handler);
    await ready();
    await user.type(amountInput(), '200');
    await user.click(screen.getByRole('radio', { name: 'Weekly' }));
    const weekday = screen.getByRole('radiogroup', { name: 'Day of the week' });
    expect(within(weekday).getByRole('radio', { name: 'Sat' })).toBeDisabled();
    await user.click(within(weekday).getByRole('radio', { name: 'Fri' }));
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await screen.findByRole('heading', { name: 'Review deposit' });
    expect(backend.calls.depositIntents).toEqual([]);
    expect(screen.getByText('Recurring deposits')).toBeInTheDocument();
    expect(screen.getByText('Frequency').nextSibling).toHaveTextContent('Weekly on Friday');
    // The first real deposit: tomorrow (Monday 2 March) at the earliest, on the schedule's first Friday.
    expect(screen.getByText('Starting').nextSibling).toHaveTextContent('March 6, 2026');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Recurring deposit set up' });
    expect(recurring.created).toHaveLength(1);
    expect(recurring.created[0]).toMatchObject({
      accountUuid: 'uuid-trad',
      key: expect.any(String),
      body: {
        recurringDeposit: {
          amount: { amount: '200.00', currency: 'USD' },
          fundingSourceId: 'pm-bank',
          fundingSourceType: 'ACH',
          schedule: { frequency: 'WEEKLY', dayOfWeek: 'FRIDAY', dayOfMonth: null },
          iraContributionYear: 2026,
        },
      },
    });
  });

  it('an internal account as source makes it one-time only', async () => {
    const { user } = setup();
    await ready();
    await user.selectOptions(screen.getByLabelText('From'), 'account:uuid-brokerage');
    expect(screen.getByRole('radio', { name: 'Weekly' })).toBeDisabled();
  });
});

describe('the draft survives a reload', () => {
  const restored = (overrides: Partial<typeof initialDepositDraft>) => ({
    depositDraft: {
      ...initialDepositDraft,
      draftId: 'draft-1',
      destinationAccountUuid: 'uuid-trad',
      amountCents: 75_000,
      source: { kind: 'paymentMethod' as const, id: 'pm-bank', fundingSourceType: 'ACH' as const },
      iraContributionYear: 2025,
      ...overrides,
    },
  });

  it('a draft in progress for this IRA is shown again where it was', async () => {
    setup({
      props: {},
      preloadedState: restored({ step: 'deposit-review', intentId: 'intent-9', savedAt: new Date(Date.now() - 60_000).toISOString() }),
    });
    expect(await screen.findByRole('heading', { name: 'Review deposit' })).toBeInTheDocument();
    expect((await screen.findByText('Contribution year')).nextSibling).toHaveTextContent('2025');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$750.00');
  });

  it('a draft left long ago (over DRAFT_KEPT_MINUTES) is not brought back as a review: the amount step, empty', async () => {
    const longAgo = new Date(Date.now() - (DRAFT_KEPT_MINUTES + 1) * 60_000).toISOString();
    setup({ props: {}, preloadedState: restored({ step: 'deposit-review', intentId: 'intent-9', savedAt: longAgo }) });
    await ready();
    expect(screen.queryByRole('heading', { name: 'Review deposit' })).not.toBeInTheDocument();
    expect(amountInput()).toHaveValue('');
  });

  it('a draft for another account starts afresh', async () => {
    setup({ preloadedState: restored({ destinationAccountUuid: 'uuid-brokerage', amountCents: 123_400 }) });
    await ready();
    expect(amountInput()).toHaveValue('');
  });
});

describe('the 1% match welcome', () => {
  it('shows once when the match is on and the customer has not seen it; Deposit records it and continues', async () => {
    const { user, userProperties } = setup({ properties: {} });
    const dialog = await screen.findByRole('dialog', { name: 'Boost your IRA with a 1% match' });
    const benefits = within(dialog).getByRole('list', { name: 'Match benefits' });
    expect(within(benefits).getAllByRole('listitem')).toHaveLength(3);
    expect(within(dialog).getByText('Matched funds stay 5 years')).toBeInTheDocument();
    expect(within(dialog).getByText('About $70-80 extra a year')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deposit' }));
    await waitFor(() => expect(userProperties.patches).toEqual([{ properties: { iraMatchWelcomeSeen: true } }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'IRA deposit' })).toBeInTheDocument();
  });

  it('closing it records it too', async () => {
    const { user, userProperties, onClose } = setup({ properties: {} });
    const dialog = await screen.findByRole('dialog', { name: 'Boost your IRA with a 1% match' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(userProperties.patches).toHaveLength(1));
    expect(userProperties.properties().iraMatchWelcomeSeen).toBe(true);
    // On its own page, closing the welcome leaves the customer on the deposit.
    expect(onClose).not.toHaveBeenCalled();
  });

  it('is not shown once seen', async () => {
    setup({ properties: { iraMatchWelcomeSeen: true } });
    await ready();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not shown when the match is off (iraMatchPercent 0)', async () => {
    setup({ properties: {}, matchPercent: 0 });
    await ready();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the retirement modal variant', () => {
  it('is a dialog titled IRA deposit; closing it calls onClose', async () => {
    mswServer.use(
      accountsHandler([brokerage, traditional, roth]),
      paymentMethodsHandler([bank]),
      iraContributionsHandler(),
      iraConfigHandler(),
      ...userPropertiesBackend({ iraMatchWelcomeSeen: true }).handlers,
    );
    const onClose = jest.fn();
    const { user } = renderWithProviders(<IraDepositModal onClose={onClose} today={TODAY} />);
    const dialog = await screen.findByRole('dialog', { name: 'IRA deposit' });
    await waitFor(() => expect(within(dialog).getByLabelText('Contribution year')).toHaveValue('2026'));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('closing the match welcome over it closes the deposit and records the welcome', async () => {
    const properties = userPropertiesBackend({});
    mswServer.use(
      accountsHandler([brokerage, roth]),
      paymentMethodsHandler([bank]),
      iraContributionsHandler(),
      iraConfigHandler(),
      ...properties.handlers,
    );
    const onClose = jest.fn();
    const { user } = renderWithProviders(<IraDepositModal onClose={onClose} today={TODAY} />);
    const dialog = await screen.findByRole('dialog', { name: 'Boost your IRA with a 1% match' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(properties.patches).toHaveLength(1));
  });
});
