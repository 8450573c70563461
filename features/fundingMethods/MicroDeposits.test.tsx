import { act, screen, waitFor, within } from '@testing-library/react';
import { FundingErrorCode, FundingMessages, FundingValidationMessages } from '../../api/contract/values';
import { paymentMethodFixture } from '../../test/fixtures';
import { fundingError } from '../../test/msw/fundingHandlers';
import { PortfolioPage } from '../portfolio/PortfolioPage';
import { fundingFlowOpened } from './fundingModalSlice';
import { renderFunding } from './fundingTestUtils';
import { bankInfoErrors, MICRO_LINK_TEXT } from './MicroDepositLinkModal';
import { MICRO_VERIFY_TEXT } from './MicroDepositVerifyModal';
import { microDepositVerifyOpened } from './microDepositVerifySlice';

const pending = paymentMethodFixture({
  id: 'md',
  type: 'MICRO_DEPOSIT',
  displayName: 'Chase account',
  paymentMethodNumber: '4321',
  status: 'PENDING',
  readiness: 'PENDING',
  approvalMethod: 'MICRO_DEPOSIT',
  canUpdateNickname: false,
});

describe('micro-deposit bank info rules (section 5)', () => {
  const valid = { routingNumber: '021000021', accountNumber: '000123456', confirmAccountNumber: '000123456' };
  it("routing number: exactly 9 digits, 'Routing number is a 9 digit number'", () => {
    expect(bankInfoErrors({ ...valid, routingNumber: '02100002' }).routingNumber).toBe(FundingValidationMessages.microRoutingNumber);
    expect(bankInfoErrors(valid).routingNumber).toBeUndefined();
  });
  it("account number: at least three digits, 'Bank account usually consists of at least three digits'", () => {
    expect(bankInfoErrors({ ...valid, accountNumber: '12', confirmAccountNumber: '12' }).accountNumber).toBe(
      FundingValidationMessages.microAccountNumber,
    );
    expect(bankInfoErrors({ ...valid, accountNumber: '123', confirmAccountNumber: '123' })).toEqual({});
  });
  it('confirm account number equals the account number, "Bank account numbers don\'t match"', () => {
    expect(bankInfoErrors({ ...valid, confirmAccountNumber: '000123457' }).confirmAccountNumber).toBe(
      FundingValidationMessages.accountNumbersDiffer,
    );
  });
});

describe('Micro-deposit link modal (2.5)', () => {
  function open() {
    const rendered = renderFunding(<div />, { methods: [paymentMethodFixture({ defaultPaymentMethod: true })] });
    act(() => {
      rendered.store.dispatch(fundingFlowOpened({ modal: 'microDeposit' }));
    });
    return rendered;
  }

  it('keeps Next disabled until the bank info is valid and shows the messages on touch', async () => {
    const { user } = open();
    const dialog = await screen.findByRole('dialog', { name: MICRO_LINK_TEXT.title });
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Routing number'), '0210');
    await user.type(within(dialog).getByLabelText('Account number'), '12');
    await user.type(within(dialog).getByLabelText('Confirm account number'), '13');
    await user.tab();
    expect(dialog).toHaveTextContent(FundingValidationMessages.microRoutingNumber);
    expect(dialog).toHaveTextContent(FundingValidationMessages.microAccountNumber);
    expect(dialog).toHaveTextContent(FundingValidationMessages.accountNumbersDiffer);
    expect(next).toBeDisabled();
  });

  it('goes bankInfo → accountType → success, storing only the last 4 digits', async () => {
    const { user, store, backend } = open();
    const dialog = await screen.findByRole('dialog', { name: MICRO_LINK_TEXT.title });
    await user.type(within(dialog).getByLabelText('Routing number'), '021000021');
    await user.type(within(dialog).getByLabelText('Account number'), '000123456789');
    await user.type(within(dialog).getByLabelText('Confirm account number'), '000123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByRole('group', { name: MICRO_LINK_TEXT.accountTypeQuestion })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Chase · •••• 6789');
    expect(JSON.stringify(store.getState())).not.toContain('000123456789');
    const next = within(dialog).getByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: 'Savings' }));
    await user.click(next);
    expect(await within(dialog).findByText(MICRO_LINK_TEXT.successTitle)).toBeInTheDocument();
    expect(dialog).toHaveTextContent('under $1');
    expect(dialog).toHaveTextContent("'Finalize bank link' on the home page");
    expect(backend.calls.microLinks).toEqual([{ bankAccount: '000123456789', routingNumber: '021000021', bankAccountType: 'SAVINGS' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().fundingModal?.modal).toBe('none');
  });

  it("shows the server's refusal on the account type step", async () => {
    const { user, store } = renderFunding(<div />, {
      failMicroLink: fundingError(409, FundingErrorCode.MICRO_DEPOSIT_EXISTS, 'You already have a bank waiting for micro-deposits'),
    });
    act(() => {
      store.dispatch(fundingFlowOpened({ modal: 'microDeposit' }));
    });
    const dialog = await screen.findByRole('dialog', { name: MICRO_LINK_TEXT.title });
    await user.type(within(dialog).getByLabelText('Routing number'), '021000021');
    await user.type(within(dialog).getByLabelText('Account number'), '000123456');
    await user.type(within(dialog).getByLabelText('Confirm account number'), '000123456');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('radio', { name: 'Checking' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You already have a bank waiting for micro-deposits');
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByLabelText('Account number')).toHaveValue('000123456');
  });
});

describe('Micro-deposit verify modal (2.6)', () => {
  function openVerify(options: Parameters<typeof renderFunding>[1] = {}) {
    const rendered = renderFunding(<div />, { methods: [pending], ...options });
    act(() => {
      rendered.store.dispatch(microDepositVerifyOpened('md'));
    });
    return rendered;
  }

  it("is 496 by 540, titled 'Verify Micro Deposits', names the account's last 4 and says order does not matter", async () => {
    openVerify();
    const dialog = await screen.findByRole('dialog', { name: MICRO_VERIFY_TEXT.title });
    expect(dialog.style.getPropertyValue('--ff-modal-width')).toBe('496px');
    expect(dialog.style.getPropertyValue('--ff-modal-height')).toBe('540px');
    await waitFor(() => expect(dialog).toHaveTextContent('ending in 4321'));
    expect(dialog).toHaveTextContent('The order does not matter.');
    expect(within(dialog).getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });

  it("validates each amount as dollars: 'Amount must be between $0.01 and $0.99'", async () => {
    const { user } = openVerify();
    const dialog = await screen.findByRole('dialog', { name: MICRO_VERIFY_TEXT.title });
    const first = within(dialog).getByLabelText('1st Amount');
    await user.type(first, '1.50');
    await user.tab();
    expect(first).toHaveAccessibleDescription(FundingValidationMessages.microDepositAmount);
    await user.clear(first);
    await user.type(first, '$.32');
    expect(first).toHaveValue('0.32');
    expect(first).not.toHaveAttribute('aria-invalid');
    expect(first).not.toHaveAccessibleDescription(FundingValidationMessages.microDepositAmount);
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('masks each amount as dollars: "32" shows 0.32, "0.5" is accepted and shows 0.50 once left', async () => {
    const { user, backend } = openVerify({ microDepositAmounts: ['0.32', '0.50'] });
    const dialog = await screen.findByRole('dialog', { name: MICRO_VERIFY_TEXT.title });
    const first = within(dialog).getByLabelText('1st Amount');
    const second = within(dialog).getByLabelText('2nd Amount');
    await user.type(first, '32');
    expect(first).toHaveValue('0.32');
    await user.tab();
    await user.keyboard('0.5');
    expect(second).toHaveValue('0.5');
    await user.tab();
    expect(second).toHaveValue('0.50');
    expect(second).not.toHaveAccessibleDescription(FundingValidationMessages.microDepositAmount);
    expect(dialog).toHaveTextContent(MICRO_VERIFY_TEXT.centsHint);
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(MICRO_VERIFY_TEXT.successTitle)).toBeInTheDocument();
    // Sent as the exact two-decimal amounts read.
    expect(backend.calls.verify.at(-1)).toMatchObject({ amount1: '0.32', amount2: '0.50' });
  });

  it('shows the wrong-amounts message inline, then succeeds with the amounts in either order', async () => {
    const { user, backend } = openVerify({ microDepositAmounts: ['0.32', '0.45'] });
    const dialog = await screen.findByRole('dialog', { name: MICRO_VERIFY_TEXT.title });
    await user.type(within(dialog).getByLabelText('1st Amount'), '0.11');
    await user.type(within(dialog).getByLabelText('2nd Amount'), '0.22');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(FundingMessages.microWrongAmounts);
    await user.clear(within(dialog).getByLabelText('1st Amount'));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('1st Amount'), '0.45');
    await user.clear(within(dialog).getByLabelText('2nd Amount'));
    await user.type(within(dialog).getByLabelText('2nd Amount'), '0.32');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(MICRO_VERIFY_TEXT.successTitle)).toBeInTheDocument();
    expect(dialog).toHaveTextContent(MICRO_VERIFY_TEXT.successBody);
    expect(backend.calls.verify.at(-1)).toEqual({ paymentMethodId: 'md', amount1: '0.45', amount2: '0.32' });
  });

  it.each([
    [FundingErrorCode.MICRO_DEPOSIT_REISSUING, FundingMessages.microReissuing],
    [FundingErrorCode.MICRO_DEPOSIT_RELATIONSHIP_CANCELED, FundingMessages.microRelationshipCanceled],
    [FundingErrorCode.MICRO_DEPOSIT_RELATIONSHIP_NOT_FOUND, FundingMessages.microRelationshipNotFound],
  ])('maps %s to its inline message', async (code, message) => {
    const { user } = openVerify({ failVerify: fundingError(422, code, 'server words') });
    const dialog = await screen.findByRole('dialog', { name: MICRO_VERIFY_TEXT.title });
    await user.type(within(dialog).getByLabelText('1st Amount'), '0.11');
    await user.type(within(dialog).getByLabelText('2nd Amount'), '0.22');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });

  it('without a code, toasts the server message', async () => {
    const { user } = openVerify({ failVerify: fundingError(500, '', 'The bank did not answer') });
    const dialog = await screen.findByRole('dialog', { name: MICRO_VERIFY_TEXT.title });
    await user.type(within(dialog).getByLabelText('1st Amount'), '0.11');
    await user.type(within(dialog).getByLabelText('2nd Amount'), '0.22');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The bank did not answer')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("without a code or a message, toasts 'Error while linking account'", async () => {
    const { user } = openVerify({ failVerify: 'bare' });
    const dialog = await screen.findByRole('dialog', { name: MICRO_VERIFY_TEXT.title });
    await user.type(within(dialog).getByLabelText('1st Amount'), '0.11');
    await user.type(within(dialog).getByLabelText('2nd Amount'), '0.22');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(FundingMessages.microFallback)).toBeInTheDocument();
  });

  it("opens from the home page's 'Finalize bank link'", async () => {
    const { user } = renderFunding(<PortfolioPage />, { methods: [pending], route: '/portfolio' });
    await user.click(await screen.findByRole('button', { name: 'Finalize bank link' }));
    expect(await screen.findByRole('dialog', { name: MICRO_VERIFY_TEXT.title })).toBeInTheDocument();
  });
});
