import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ApiPaths } from '../../api/contract/values';
import type { HighYieldAccountResponse, OpenHighYieldAccountRequest } from '../../api/contract';
import { API_ORIGIN } from '../../test/msw/handlers';
import { highYieldAccountFixture } from '../../test/msw/depositHandlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import SetupHighYieldAccountPage, { HIGH_YIELD_DEPOSIT_PATH, SetupCopy } from './SetupHighYieldAccountPage';

function backend(initial: HighYieldAccountResponse['highYieldAccount'], { refuse }: { refuse?: boolean } = {}) {
  let account = initial;
  const bodies: OpenHighYieldAccountRequest[] = [];
  mswServer.use(
    http.get(`${API_ORIGIN}${ApiPaths.highYieldAccount}`, () =>
      HttpResponse.json<HighYieldAccountResponse>({ highYieldAccount: account, rate: '4.10' }),
    ),
    http.post(`${API_ORIGIN}${ApiPaths.highYieldAccount}`, async ({ request }) => {
      bodies.push((await request.json()) as OpenHighYieldAccountRequest);
      if (refuse)
        return HttpResponse.json(
          { errorCode: 'HIGH_YIELD_NOT_ELIGIBLE', message: 'High-yield cash can be opened once your application is approved.' },
          { status: 403 },
        );
      account = highYieldAccountFixture({ accountUuid: 'uuid-new-hy' });
      return HttpResponse.json({ accountUuid: 'uuid-new-hy', created: true }, { status: 201 });
    }),
  );
  return { bodies };
}

describe('/setup-high-yield-account', () => {
  it('shows the APY, needs the agreement, opens the account and offers the deposit', async () => {
    const { bodies } = backend(null);
    const { user } = renderWithProviders(<SetupHighYieldAccountPage />);
    expect(await screen.findByRole('heading', { name: 'Earn 4.10% APY on your cash' })).toBeInTheDocument();
    const open = screen.getByRole('button', { name: SetupCopy.open });
    expect(open).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: SetupCopy.agreement }));
    await user.click(open);
    expect(await screen.findByRole('heading', { name: SetupCopy.openedTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SetupCopy.deposit })).toHaveAttribute('href', HIGH_YIELD_DEPOSIT_PATH);
    expect(bodies).toEqual([{ agreementAccepted: true }]);
  });

  it('a customer who has the account is offered the deposit straight away', async () => {
    backend(highYieldAccountFixture());
    renderWithProviders(<SetupHighYieldAccountPage />);
    expect(await screen.findByRole('heading', { name: SetupCopy.alreadyTitle })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: SetupCopy.open })).not.toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the page", async () => {
    backend(null, { refuse: true });
    const { user } = renderWithProviders(<SetupHighYieldAccountPage />);
    await user.click(await screen.findByRole('checkbox', { name: SetupCopy.agreement }));
    await user.click(screen.getByRole('button', { name: SetupCopy.open }));
    expect(await screen.findByRole('alert')).toHaveTextContent('High-yield cash can be opened once your application is approved.');
    await waitFor(() => expect(screen.getByRole('button', { name: SetupCopy.open })).toBeEnabled());
  });
});
