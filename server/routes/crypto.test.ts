import {
  ApiPaths,
  isCryptoAddressFor,
  type Account,
  type CryptoDepositAddress,
  type CryptoDepositOptions,
  type CryptoTransfersResponse,
} from '../../api/contract';
import { writeAppConfig } from '../repositories/appConfig';
import { freshCustomer, signedInCustomer, type Customer } from '../testing/fundingKit';
import { useTestApp } from '../testing/useTestApp';
import { base58, hasValidBech32Checksum, liveCustody, sandboxCustody, segwitV0Address } from '../vendors/cryptoCustody';

const { app, db } = useTestApp();

const brokerageOf = async (customer: Customer) =>
  (await customer.get(ApiPaths.accounts)).json<{ accounts: Account[] }>().accounts.find((a) => a.variant === 'US')!;
const options = async (customer: Customer) => (await customer.get(ApiPaths.cryptoDepositOptions)).json<CryptoDepositOptions>();
const addressFor = (customer: Customer, accountUuid: string, asset: string, network: string) =>
  customer.send('POST', ApiPaths.cryptoDepositAddress, { accountUuid, asset, network });

describe('crypto transfers in (/settings/crypto-transfer)', () => {
  it('an approved customer with a brokerage account may send BTC, ETH, USDC (two networks) and SOL', async () => {
    const alex = await freshCustomer(app, 'alex@fundflow.test');
    const answer = await options(alex);
    expect(answer).toMatchObject({ eligible: true, ineligibility: null, custodyMode: 'sandbox', account: { displayName: 'Brokerage' } });
    expect(answer.assets.map((a) => [a.asset, a.networks.map((n) => n.network)])).toEqual([
      ['BTC', ['BITCOIN']],
      ['ETH', ['ETHEREUM']],
      ['USDC', ['ETHEREUM', 'SOLANA']],
      ['SOL', ['SOLANA']],
    ]);
  });

  it('gives one address per account, asset and network, in the network format, the same on every ask', async () => {
    const alex = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = await brokerageOf(alex);
    const seen = new Set<string>();
    for (const [asset, network] of [
      ['BTC', 'BITCOIN'],
      ['ETH', 'ETHEREUM'],
      ['USDC', 'ETHEREUM'],
      ['USDC', 'SOLANA'],
      ['SOL', 'SOLANA'],
    ] as const) {
      const first = await addressFor(alex, brokerage.accountUuid, asset, network);
      expect(first.statusCode).toBe(200);
      const body = first.json<CryptoDepositAddress>();
      expect(isCryptoAddressFor(network, body.address)).toBe(true);
      expect(body).toMatchObject({ asset, network, accountUuid: brokerage.accountUuid });
      const second = (await addressFor(alex, brokerage.accountUuid, asset, network)).json<CryptoDepositAddress>();
      expect(second.address).toBe(body.address);
      seen.add(body.address);
    }
    expect(seen.size).toBe(5);
    const btc = (await addressFor(alex, brokerage.accountUuid, 'BTC', 'BITCOIN')).json<CryptoDepositAddress>();
    expect(btc.address.startsWith('tb1q')).toBe(true);
    expect(hasValidBech32Checksum(btc.address)).toBe(true);
    expect(btc).toMatchObject({ minimum: '0.0001', confirmations: 2 });
  });

  it('refuses an asset on a network it does not travel on, and bad bodies, with 400 { errorCode, message }', async () => {
    const alex = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = await brokerageOf(alex);
    const wrongNetwork = await addressFor(alex, brokerage.accountUuid, 'BTC', 'SOLANA');
    expect(wrongNetwork.statusCode).toBe(400);
    expect(wrongNetwork.json()).toEqual({
      errorCode: 'CRYPTO_NETWORK_NOT_SUPPORTED',
      message: "BTC can't be received on the SOLANA network.",
    });
    for (const body of [
      {},
      { accountUuid: brokerage.accountUuid, asset: 'DOGE', network: 'BITCOIN' },
      { accountUuid: brokerage.accountUuid, asset: 'BTC', network: 'BITCOIN', memo: 'x' },
      { accountUuid: 7, asset: 'BTC', network: 'BITCOIN' },
    ]) {
      const refused = await alex.send('POST', ApiPaths.cryptoDepositAddress, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ errorCode: 'VALIDATION_FAILED', message: expect.any(String) });
    }
  });

  it("another customer's account is not found, and an IRA cannot receive crypto", async () => {
    const alex = await freshCustomer(app, 'alex@fundflow.test');
    const card = await freshCustomer(app, 'card@fundflow.test');
    const cardBrokerage = await brokerageOf(card);
    const foreign = await addressFor(alex, cardBrokerage.accountUuid, 'ETH', 'ETHEREUM');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ errorCode: 'ACCOUNT_NOT_FOUND', message: 'Account not found.' });
    const foreignList = await alex.get(`${ApiPaths.cryptoTransfers}?accountUuid=${cardBrokerage.accountUuid}`);
    expect(foreignList.statusCode).toBe(404);

    const accounts = (await alex.get(ApiPaths.accounts)).json<{ accounts: Account[] }>().accounts;
    const ira = accounts.find((a) => a.variant === 'ROTH_IRA')!;
    const refused = await addressFor(alex, ira.accountUuid, 'ETH', 'ETHEREUM');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      errorCode: 'CRYPTO_NOT_ELIGIBLE',
      message: 'Crypto can only be received into your brokerage account.',
    });
  });

  it('a customer whose application is not approved is told why, and gets no address', async () => {
    const pending = await freshCustomer(app, 'pending@fundflow.test');
    const answer = await options(pending);
    expect(answer).toMatchObject({ eligible: false, ineligibility: 'APPLICATION_NOT_COMPLETE' });
    const refused = await addressFor(pending, answer.account!.accountUuid, 'BTC', 'BITCOIN');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      errorCode: 'CRYPTO_NOT_ELIGIBLE',
      message: 'Finish your application before sending crypto to Fundflow.',
    });
  });

  it('the seeded incoming transfers, newest first, own ones only', async () => {
    const alex = await signedInCustomer(app, 'alex@fundflow.test');
    const { transfers } = (await alex.get(ApiPaths.cryptoTransfers)).json<CryptoTransfersResponse>();
    expect(transfers.map((t) => [t.asset, t.network, t.quantity, t.status])).toEqual([
      ['ETH', 'ETHEREUM', '0.5', 'CONFIRMING'],
      ['USDC', 'SOLANA', '250', 'COMPLETED'],
      ['BTC', 'BITCOIN', '0.015', 'COMPLETED'],
      ['SOL', 'SOLANA', '0.004', 'RETURNED'],
    ]);
    expect(transfers[0]).toMatchObject({ confirmations: 4, requiredConfirmations: 12, completedAt: null });
    const card = await freshCustomer(app, 'card@fundflow.test');
    expect((await card.get(ApiPaths.cryptoTransfers)).json<CryptoTransfersResponse>().transfers).toEqual([]);
    const bad = await alex.get(`${ApiPaths.cryptoTransfers}?accountUuid=`);
    expect(bad.statusCode).toBe(400);
  });

  it('market restriction on crypto (universal configuration): no address for anyone', async () => {
    const alex = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = await brokerageOf(alex);
    await writeAppConfig(db, 'marketRestrictions.crypto', true, new Date());
    try {
      expect(await options(alex)).toMatchObject({ eligible: false, ineligibility: 'RESTRICTED' });
      const refused = await addressFor(alex, brokerage.accountUuid, 'BTC', 'BITCOIN');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ errorCode: 'CRYPTO_RESTRICTED', message: 'Crypto transfers are not available in your market.' });
    } finally {
      await writeAppConfig(db, 'marketRestrictions.crypto', false, new Date());
    }
  });
});

describe('custody seam', () => {
  it('sandbox addresses are deterministic per customer, asset and network', async () => {
    const a = await sandboxCustody.depositAddress({ userId: 'u1', accountUuid: 'x', asset: 'SOL', network: 'SOLANA' });
    expect(await sandboxCustody.depositAddress({ userId: 'u1', accountUuid: 'y', asset: 'SOL', network: 'SOLANA' })).toBe(a);
    expect(await sandboxCustody.depositAddress({ userId: 'u2', accountUuid: 'x', asset: 'SOL', network: 'SOLANA' })).not.toBe(a);
  });

  it('bech32 and base58 match the published vectors', () => {
    // BIP-173: the P2WPKH address of 751e76e8199196d454941c45d1b3a323f1433bd6.
    expect(segwitV0Address('bc', Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex'))).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    expect(base58(Buffer.from('0000287fb4cd', 'hex'))).toBe('11233QC4');
  });

  it('live custody posts to the configured API and refuses an address of the wrong format', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    const reply = (address: string) =>
      (async (url: string | URL | Request, init?: RequestInit) => {
        calls.push({ url: url instanceof Request ? url.url : url.toString(), init: init! });
        return new Response(JSON.stringify({ address }), { status: 200, headers: { 'content-type': 'application/json' } });
      }) as typeof fetch;
    const good = liveCustody({ baseUrl: 'https://custody.example/', apiKey: 'k', fetch: reply('0x' + 'ab'.repeat(20)) });
    expect(await good.depositAddress({ userId: 'u', accountUuid: 'acc', asset: 'ETH', network: 'ETHEREUM' })).toBe('0x' + 'ab'.repeat(20));
    expect(calls[0].url).toBe('https://custody.example/v1/deposit-addresses');
    expect(JSON.parse(calls[0].init.body as string)).toEqual({ reference: 'acc', asset: 'ETH', network: 'ETHEREUM' });
    const wrong = liveCustody({ baseUrl: 'https://custody.example', apiKey: 'k', fetch: reply('bc1notreal') });
    await expect(wrong.depositAddress({ userId: 'u', accountUuid: 'acc', asset: 'ETH', network: 'ETHEREUM' })).rejects.toThrow(
      /wrong format/,
    );
  });
});
