import { screen, within } from '@testing-library/react';
import { paymentMethodFixture } from '../../test/fixtures';
import { renderFunding } from './fundingTestUtils';
import { ManageFundingMethods } from './ManageFundingMethods';

// Names that come from customers or banks are text, never markup: a nickname (display name) and the bank's own
// name (original name) that hold HTML are shown as the characters they are, and no element is made of them.

const MARKUP = '<img src=x onerror=alert(1)><script>alert(1)</script>';

function expectNoElementsMadeOfMarkup() {
  expect(document.querySelector('img[src="x"], img[onerror]')).toBeNull();
  expect(document.querySelectorAll('script')).toHaveLength(0);
}

describe('the payment-method list shows markup in names as text', () => {
  it('a nickname and a bank name holding HTML are listed as text, and no img or script element appears', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    const nicknamed = paymentMethodFixture({
      id: 'nicknamed',
      displayName: MARKUP,
      originalName: 'Chase Total Checking',
      defaultPaymentMethod: true,
    });
    const bankNamed = paymentMethodFixture({
      id: 'bank-named',
      displayName: `${MARKUP} Bank`,
      originalName: `${MARKUP} Bank`,
      issuingBank: MARKUP,
      paymentMethodNumber: '1122',
    });
    renderFunding(<ManageFundingMethods />, { methods: [nicknamed, bankNamed] });

    const list = await screen.findByRole('list', { name: 'Your funding methods' });
    expect(within(list).getByText(MARKUP)).toBeInTheDocument();
    expect(within(list).getByText(`${MARKUP} Bank`)).toBeInTheDocument();
    expect(list.textContent).toContain(MARKUP);
    expect(list.textContent).toContain(`${MARKUP} Bank`);
    // The options menu is named after the method: the name is an attribute value, still text.
    expect(screen.getByRole('button', { name: `Options for ${MARKUP}` })).toBeInTheDocument();
    expectNoElementsMadeOfMarkup();
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();
  });
});
