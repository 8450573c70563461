import { screen, waitFor, within } from '@testing-library/react';
import { FundingMessages } from '../../api/contract/values';
import { paymentMethodFixture } from '../../test/fixtures';
import { fundingError } from '../../test/msw/fundingHandlers';
import { renderFunding } from './fundingTestUtils';
import { ManageFundingMethods, MANAGE_INTRO } from './ManageFundingMethods';
import { REMOVE_TEXT } from './RemoveMethodModal';
import { ADD_METHOD_BLOCKED } from '../paymentMethods/paymentMethodSelectors';

jest.mock('../bankLink/RelinkFlow', () => ({
  __esModule: true,
  default: ({ paymentMethodId, onClose }: { paymentMethodId: string; onClose: () => void }) => (
    <div role="dialog" aria-label="Relink stub">
      relinking {paymentMethodId}
      <button onClick={onClose}>Close relink</button>
    </div>
  ),
}));
jest.mock('../debitCard/DebitCardFlow', () => ({
  __esModule: true,
  default: ({ replacePaymentMethodId }: { replacePaymentMethodId?: string }) => (
    <div role="dialog" aria-label="Debit card stub">
      replacing {replacePaymentMethodId}
    </div>
  ),
}));

const bank = paymentMethodFixture({ id: 'bank', displayName: 'Chase Total Checking', defaultPaymentMethod: true });
const savings = paymentMethodFixture({
  id: 'savings',
  displayName: 'Ally Savings',
  paymentMethodNumber: '1122',
  createdAt: '2026-04-01T00:00:00.000Z',
});
const card = paymentMethodFixture({
  id: 'card',
  type: 'DEBIT_CARD',
  displayName: 'Visa debit card',
  originalName: 'Visa debit card',
  paymentMethodNumber: '4242',
  updatable: true,
  canUpdateNickname: false,
  createdAt: '2026-03-01T00:00:00.000Z',
});

async function openMenu(user: ReturnType<typeof renderFunding>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: `Options for ${name}` }));
  return screen.getByRole('menu');
}

describe('Manage funding methods (2.2)', () => {
  it('shows the intro, each method with its type, masked number and the (Default) marker', async () => {
    renderFunding(<ManageFundingMethods />, { methods: [bank, savings, card] });
    expect(screen.getByText(MANAGE_INTRO)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Your funding methods' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Chase Total Checking(Default)');
    expect(rows[0]).toHaveTextContent('Bank account · •••• 6789');
    expect(rows[2]).toHaveTextContent('Debit card · •••• 4242');
    expect(rows[1]).not.toHaveTextContent('(Default)');
  });

  it('menus show only what applies, with Set as Default disabled on the default method', async () => {
    const { user } = renderFunding(<ManageFundingMethods />, { methods: [bank, card] });
    let menu = await openMenu(user, 'Chase Total Checking');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Set as DefaultThis is already your default method', 'Rename', 'Remove']);
    expect(within(menu).getByRole('menuitem', { name: 'Set as Default' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    menu = await openMenu(user, 'Visa debit card');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.querySelector('.ff-menu__item-label')?.textContent),
    ).toEqual(['Set as Default', 'Update debit card', 'Remove']);
  });

  it("sets a default and says so: 'Successfully changed default payment method'", async () => {
    const { user, backend } = renderFunding(<ManageFundingMethods />, { methods: [bank, savings] });
    const menu = await openMenu(user, 'Ally Savings');
    await user.click(within(menu).getByRole('menuitem', { name: 'Set as Default' }));
    expect(await screen.findByText(FundingMessages.setDefaultSucceeded)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Your funding methods' })).getAllByRole('listitem')[1]).toHaveTextContent('(Default)'),
    );
    expect(backend.calls.setDefault).toBe(1);
  });

  it("says 'There was an error while changing default payment method' when it fails", async () => {
    const { user } = renderFunding(<ManageFundingMethods />, {
      methods: [bank, savings],
      failSetDefault: fundingError(409, 'DEFAULT_NOT_ALLOWED', 'No'),
    });
    const menu = await openMenu(user, 'Ally Savings');
    await user.click(within(menu).getByRole('menuitem', { name: 'Set as Default' }));
    expect(await screen.findByText(FundingMessages.setDefaultFailed)).toBeInTheDocument();
  });

  it('asks before removing (2.9), and Cancel keeps the method', async () => {
    const { user, backend } = renderFunding(<ManageFundingMethods />, { methods: [bank, savings] });
    await user.click(within(await openMenu(user, 'Ally Savings')).getByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove funding method' });
    expect(dialog).toHaveTextContent(REMOVE_TEXT.confirm);
    expect(dialog).toHaveTextContent(REMOVE_TEXT.warning);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(backend.calls.remove).toBe(0);
  });

  it('removes a method after confirmation and the list drops it', async () => {
    const { user } = renderFunding(<ManageFundingMethods />, { methods: [bank, savings] });
    await user.click(within(await openMenu(user, 'Ally Savings')).getByRole('menuitem', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove funding method' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('Ally Savings')).not.toBeInTheDocument());
  });

  it.each([
    ['the card', card, FundingMessages.removeCardFailed],
    ['a bank', savings, FundingMessages.removeBankFailed],
  ])('names the failure when removing %s fails', async (_label, method, message) => {
    const { user } = renderFunding(<ManageFundingMethods />, {
      methods: [bank, method],
      failRemove: fundingError(500, 'INTERNAL_ERROR', 'x'),
    });
    await user.click(within(await openMenu(user, method.displayName)).getByRole('menuitem', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove funding method' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('keeps the confirmation open when removal fails, and its Remove tries again (one call per press)', async () => {
    const { user, backend } = renderFunding(<ManageFundingMethods />, {
      methods: [bank, savings],
      failRemove: fundingError(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'),
      failRemoveTimes: 1,
    });
    await user.click(within(await openMenu(user, 'Ally Savings')).getByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove funding method' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(FundingMessages.removeBankFailed);
    expect(alert).toHaveTextContent('Something went wrong on our side.');
    expect(backend.calls.remove).toBe(1);
    expect(screen.getByRole('dialog', { name: 'Remove funding method' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove funding method' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('Ally Savings')).not.toBeInTheDocument());
    expect(backend.calls.remove).toBe(2);
  });

  it('treats "not found" on removal as already removed (an earlier answer was lost) and closes', async () => {
    const { user, backend } = renderFunding(<ManageFundingMethods />, {
      methods: [bank, savings],
      failRemove: fundingError(404, 'PAYMENT_METHOD_NOT_FOUND', 'We could not find that funding method.'),
    });
    await user.click(within(await openMenu(user, 'Ally Savings')).getByRole('menuitem', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove funding method' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove funding method' })).not.toBeInTheDocument());
    expect(await screen.findByText('Ally Savings was removed')).toBeInTheDocument();
    expect(backend.calls.remove).toBe(1);
  });

  it("shows the relink banner 'Restore your bank account connection' and its Relink opens the relink flow", async () => {
    const expired = paymentMethodFixture({ id: 'expired', displayName: 'Old Bank', plaidLoginRequired: true });
    const { user } = renderFunding(<ManageFundingMethods />, { methods: [bank, expired] });
    expect(await screen.findByText('Restore your bank account connection')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Relink Old Bank' }));
    expect(await screen.findByRole('dialog', { name: 'Relink stub' })).toHaveTextContent('relinking expired');
    await user.click(screen.getByRole('button', { name: 'Close relink' }));
    expect(screen.queryByRole('dialog', { name: 'Relink stub' })).not.toBeInTheDocument();
  });

  it('has no relink banner when every login is fine', async () => {
    renderFunding(<ManageFundingMethods />, { methods: [bank] });
    await screen.findByRole('list', { name: 'Your funding methods' });
    expect(screen.queryByText('Restore your bank account connection')).not.toBeInTheDocument();
  });

  it('Update debit card opens the debit card flow to replace that card', async () => {
    const { user } = renderFunding(<ManageFundingMethods />, { methods: [bank, card] });
    await user.click(within(await openMenu(user, 'Visa debit card')).getByRole('menuitem', { name: 'Update debit card' }));
    expect(await screen.findByRole('dialog', { name: 'Debit card stub' })).toHaveTextContent('replacing card');
  });

  it("'Add funding method' opens the choice of a funding method", async () => {
    const { user } = renderFunding(<ManageFundingMethods />, { methods: [bank] });
    await screen.findByRole('list', { name: 'Your funding methods' });
    await user.click(screen.getByRole('button', { name: 'Add funding method' }));
    expect(await screen.findByRole('dialog', { name: 'Choose a funding method' })).toBeInTheDocument();
  });

  it('disables Add funding method with a reason when the addition rules forbid it', async () => {
    const four = [bank, savings, card, paymentMethodFixture({ id: 'third', displayName: 'Third bank' })];
    renderFunding(<ManageFundingMethods />, { methods: four });
    await screen.findByRole('list', { name: 'Your funding methods' });
    const add = screen.getByRole('button', { name: 'Add funding method' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(ADD_METHOD_BLOCKED.limitReached);
  });

  it('shows loading, then the empty state', async () => {
    renderFunding(<ManageFundingMethods />, { methods: [] });
    expect(screen.getByRole('status')).toHaveTextContent('Loading funding methods');
    expect(await screen.findByText('No funding methods yet')).toBeInTheDocument();
  });

  it('shows an error state with a retry when the list fails', async () => {
    const { user, backend } = renderFunding(<ManageFundingMethods />, {
      methods: [bank],
      failList: fundingError(500, 'INTERNAL_ERROR', 'Down for a moment'),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your funding methods");
    expect(alert).toHaveTextContent('Down for a moment');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(backend.calls.list).toBe(2));
  });

  it('opens the nickname form from ?nickname=<id> and removes the parameter', async () => {
    renderFunding(<ManageFundingMethods />, { methods: [bank], route: '/settings/funding-methods?nickname=bank&origin=x' });
    expect(await screen.findByRole('dialog', { name: 'Bank account nickname' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Bank account nickname' })).toHaveValue('Chase Total Checking');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/settings/funding-methods?origin=x'));
  });
});
