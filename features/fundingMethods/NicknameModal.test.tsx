import { screen, waitFor, within } from '@testing-library/react';
import { FundingMessages } from '../../api/contract/values';
import { paymentMethodFixture } from '../../test/fixtures';
import { fundingError } from '../../test/msw/fundingHandlers';
import { renderFunding } from './fundingTestUtils';
import { ManageFundingMethods } from './ManageFundingMethods';
import { NICKNAME_TEXT } from './NicknameModal';

const plain = paymentMethodFixture({ id: 'bank', displayName: 'Chase Total Checking', originalName: 'Chase Total Checking' });
const nicknamed = paymentMethodFixture({ id: 'bank', displayName: 'Rent money', originalName: 'Chase Total Checking' });

async function openNickname(user: ReturnType<typeof renderFunding>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name: `Options for ${name}` }));
  await user.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Rename' }));
  return screen.findByRole('dialog', { name: NICKNAME_TEXT.title });
}

describe('Bank nickname modal (2.10, 4.6)', () => {
  it("opens in the view state with 'Edit nickname', and 'Remove' only when there is a nickname", async () => {
    const { user } = renderFunding(<ManageFundingMethods />, { methods: [nicknamed] });
    const dialog = await openNickname(user, 'Rent money');
    expect(dialog).toHaveTextContent('Rent money');
    expect(dialog).toHaveTextContent('Chase Total Checking');
    expect(within(dialog).getByRole('button', { name: 'Edit nickname' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  it('Save is enabled only when the value is valid and changed', async () => {
    const { user } = renderFunding(<ManageFundingMethods />, { methods: [plain] });
    const dialog = await openNickname(user, 'Chase Total Checking');
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Edit nickname' }));
    const field = within(dialog).getByRole('textbox', { name: 'Bank account nickname' });
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.clear(field);
    expect(await within(dialog).findByText('Please enter a nickname')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.type(field, 'Chase  Total   Checking ');
    expect(save).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'Rent 🏠');
    expect(within(dialog).getByText('No emojis')).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'Rent  money ');
    expect(save).toBeEnabled();
  });

  it('saves the trimmed nickname and the list shows it', async () => {
    const { user, backend } = renderFunding(<ManageFundingMethods />, { methods: [plain] });
    const dialog = await openNickname(user, 'Chase Total Checking');
    await user.click(within(dialog).getByRole('button', { name: 'Edit nickname' }));
    const field = within(dialog).getByRole('textbox', { name: 'Bank account nickname' });
    await user.clear(field);
    await user.type(field, '  Rent   money ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.calls.nickname).toEqual([{ paymentMethodId: 'bank', nickname: 'Rent money' }]));
    expect(await screen.findByRole('button', { name: 'Options for Rent money' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Edit nickname' })).toBeInTheDocument();
  });

  it('shows the server message under the field', async () => {
    const { user } = renderFunding(<ManageFundingMethods />, {
      methods: [plain],
      failNickname: fundingError(422, 'NICKNAME_INVALID', 'That nickname is taken by another method'),
    });
    const dialog = await openNickname(user, 'Chase Total Checking');
    await user.click(within(dialog).getByRole('button', { name: 'Edit nickname' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Bank account nickname' }), ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('That nickname is taken by another method')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Bank account nickname' })).toHaveAttribute('aria-invalid', 'true');
  });

  it("toasts 'An unknown error ocurred' when the server gives no message", async () => {
    const { user } = renderFunding(<ManageFundingMethods />, { methods: [plain], failNickname: 'bare' });
    const dialog = await openNickname(user, 'Chase Total Checking');
    await user.click(within(dialog).getByRole('button', { name: 'Edit nickname' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Bank account nickname' }), ' 2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(FundingMessages.nicknameUnknown)).toBeInTheDocument();
  });

  it("asks 'Are you sure you want to remove this nickname?' and removing reverts to the original name", async () => {
    const { user, backend } = renderFunding(<ManageFundingMethods />, { methods: [nicknamed] });
    const dialog = await openNickname(user, 'Rent money');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(dialog).toHaveTextContent(NICKNAME_TEXT.confirmRemove);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(backend.calls.nickname).toEqual([{ paymentMethodId: 'bank', nickname: null }]));
    expect(await screen.findByRole('button', { name: 'Options for Chase Total Checking' })).toBeInTheDocument();
  });

  it("toasts 'Error while updating the nickname' when removing fails", async () => {
    const { user } = renderFunding(<ManageFundingMethods />, {
      methods: [nicknamed],
      failNickname: fundingError(500, 'INTERNAL_ERROR', 'x'),
    });
    const dialog = await openNickname(user, 'Rent money');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(FundingMessages.nicknameRemoveFailed)).toBeInTheDocument();
  });
});
