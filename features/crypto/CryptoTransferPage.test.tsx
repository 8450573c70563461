import { screen, waitFor, within } from '@testing-library/react';
import { cryptoBackend, cryptoOptionsFixture, cryptoTransferFixture, SAMPLE_ADDRESSES } from '../../test/msw/cryptoHandlers';
import { mswServer } from '../../test/msw/server';
import { renderWithProviders } from '../../test/renderWithProviders';
import { signedInStore } from '../fundingMethods/fundingTestUtils';
import { CryptoCopy, IneligibleCopy, shortHash, transferStatusText } from './cryptoCopy';
import CryptoTransferPage from './CryptoTransferPage';
import { assetChosen, cryptoTransferReducer, initialCryptoTransferState, networkChosen } from './cryptoTransferSlice';

function setup(...args: Parameters<typeof cryptoBackend>) {
  const backend = cryptoBackend(...args);
  mswServer.use(...backend.handlers);
  return { backend, ...renderWithProviders(<CryptoTransferPage />, { store: signedInStore(), route: '/settings/crypto-transfer' }) };
}

describe('/settings/crypto-transfer', () => {
  it('shows the BTC address with the network warning, minimum and confirmations, and copies it', async () => {
    const { user, backend } = setup();
    expect(await screen.findByText(SAMPLE_ADDRESSES.BITCOIN)).toBeInTheDocument();
    expect(screen.getByText(CryptoCopy.mismatch('BTC', 'BITCOIN'))).toBeInTheDocument();
    expect(screen.getByText(CryptoCopy.minimum('0.0001', 'BTC'))).toBeInTheDocument();
    expect(screen.getByText(CryptoCopy.confirmations(2))).toBeInTheDocument();
    expect(screen.getByText(CryptoCopy.sandbox)).toBeInTheDocument();
    expect(backend.asked).toEqual([{ accountUuid: 'uuid-brokerage', asset: 'BTC', network: 'BITCOIN' }]);

    // user-event puts a clipboard stub on navigator; watch what the page writes to it.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: CryptoCopy.copy }));
    expect(writeText).toHaveBeenCalledWith(SAMPLE_ADDRESSES.BITCOIN);
    expect(screen.getByText(CryptoCopy.copied)).toBeInTheDocument();
  });

  it('USDC travels on two networks: the customer picks one, and the address and warning follow it', async () => {
    const { user, backend } = setup();
    await screen.findByText(SAMPLE_ADDRESSES.BITCOIN);
    await user.click(screen.getByRole('radio', { name: 'USDC · USD Coin' }));
    expect(await screen.findByText(SAMPLE_ADDRESSES.ETHEREUM)).toBeInTheDocument();
    expect(screen.getByText(CryptoCopy.mismatch('USDC', 'ETHEREUM'))).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Network'), 'SOLANA');
    expect(await screen.findByText(SAMPLE_ADDRESSES.SOLANA)).toBeInTheDocument();
    expect(screen.getByText(CryptoCopy.mismatch('USDC', 'SOLANA'))).toBeInTheDocument();
    expect(backend.asked.map((a) => `${a.asset}/${a.network}`)).toEqual(['BTC/BITCOIN', 'USDC/ETHEREUM', 'USDC/SOLANA']);
  });

  it('lists incoming transfers with their status', async () => {
    setup(undefined, [
      cryptoTransferFixture(),
      cryptoTransferFixture({
        id: 'ct-2',
        asset: 'BTC',
        network: 'BITCOIN',
        quantity: '0.015',
        status: 'COMPLETED',
        confirmations: 2,
        requiredConfirmations: 2,
      }),
    ]);
    const list = await screen.findByRole('list', { name: CryptoCopy.transfersTitle });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('0.5 ETH');
    expect(rows[0]).toHaveTextContent('Confirming (4 of 12)');
    expect(rows[0]).toHaveTextContent(shortHash(cryptoTransferFixture().transactionHash));
    expect(rows[1]).toHaveTextContent('0.015 BTC');
    expect(rows[1]).toHaveTextContent('Completed');
  });

  it('no transfers yet: an empty state', async () => {
    setup(undefined, []);
    expect(await screen.findByText(CryptoCopy.noTransfers)).toBeInTheDocument();
  });

  it('restricted in the market: explains, asks for no address and lists nothing', async () => {
    const { backend } = setup(cryptoOptionsFixture({ eligible: false, ineligibility: 'RESTRICTED' }));
    expect(await screen.findByText(IneligibleCopy.RESTRICTED.title)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CryptoCopy.copy })).not.toBeInTheDocument();
    await waitFor(() => expect(backend.asked).toEqual([]));
  });

  it('application not approved: sends the customer to finish it', async () => {
    setup(cryptoOptionsFixture({ eligible: false, ineligibility: 'APPLICATION_NOT_COMPLETE' }));
    expect(await screen.findByRole('link', { name: CryptoCopy.finishApplication })).toHaveAttribute('href', '/setup-investing');
  });
});

describe('asset and network choice', () => {
  it('a new asset resets the network to one it travels on; a network the asset does not use is ignored', () => {
    let state = cryptoTransferReducer(initialCryptoTransferState, assetChosen('USDC'));
    expect(state).toEqual({ asset: 'USDC', network: 'ETHEREUM' });
    state = cryptoTransferReducer(state, networkChosen('SOLANA'));
    expect(state.network).toBe('SOLANA');
    state = cryptoTransferReducer(state, networkChosen('BITCOIN'));
    expect(state.network).toBe('SOLANA');
    expect(cryptoTransferReducer(state, assetChosen('BTC'))).toEqual({ asset: 'BTC', network: 'BITCOIN' });
  });

  it('status lines', () => {
    expect(transferStatusText({ status: 'CONFIRMING', confirmations: 1, requiredConfirmations: 32 })).toBe('Confirming (1 of 32)');
    expect(transferStatusText({ status: 'RETURNED', confirmations: 2, requiredConfirmations: 2 })).toBe('Returned: under the minimum');
  });
});
