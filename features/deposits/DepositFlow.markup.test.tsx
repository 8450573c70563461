import { configure, screen, waitFor } from '@testing-library/react';
import { depositError } from '../../test/msw/depositHandlers';
import { bankMethod, renderDeposit } from './depositTestUtils';

// A bank's nickname on the review and a server's error message on the result screen are text, never markup.

configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(15_000);

const MARKUP = '<img src=x onerror=alert(1)><script>alert(1)</script>';

function expectNoElementsMadeOfMarkup() {
  expect(document.querySelector('img[src="x"], img[onerror]')).toBeNull();
  expect(document.querySelectorAll('script')).toHaveLength(0);
}

async function toReview(rendered: ReturnType<typeof renderDeposit>) {
  const field = await screen.findByLabelText('Amount');
  await rendered.user.type(field, '500');
  const next = screen.getByRole('button', { name: 'Next' });
  await waitFor(() => expect(next).toBeEnabled());
  await rendered.user.click(next);
  await screen.findByRole('heading', { name: 'Review deposit' });
}

describe('markup from names and messages is shown as text', () => {
  let alert: jest.SpyInstance;
  beforeEach(() => {
    alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
  });
  afterEach(() => {
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();
  });

  it('the deposit review shows a nickname holding HTML as its characters', async () => {
    const rendered = renderDeposit({ methods: [bankMethod({ displayName: MARKUP })] });
    await toReview(rendered);
    const rows = screen.getAllByRole('definition')[0].closest('dl')!;
    expect(rows.textContent).toContain(`From${MARKUP} •••• 6789`);
    expectNoElementsMadeOfMarkup();
  });

  it("the error screen shows a server's message holding HTML as its characters", async () => {
    const rendered = renderDeposit({ confirmAnswers: [depositError(403, 'DE#00008', MARKUP)] });
    await toReview(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByRole('heading', { name: 'Deposit failed' });
    expect(screen.getByText(MARKUP)).toBeInTheDocument();
    expectNoElementsMadeOfMarkup();
  });
});
