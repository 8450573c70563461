import { randomUUID } from 'node:crypto';
import {
  ApiPaths,
  apiPath,
  type BondAccountYieldResponse,
  type PortfolioResponse,
  type Position,
  type TreasuryQuickPicksResponse,
} from '../../api/contract';
import { e8ToQuantity, quantityToE8, valueCents } from '../domain/portfolio';
import { addMissingDemoPositions, DEMO_POSITIONS } from '../db/seeds/positions';
import { writeAppConfig } from '../repositories/appConfig';
import { accountOf, bankOf, call, deposit, errorOf, withKey } from '../testing/depositKit';
import { freshCustomer, signedInCustomer, type Customer } from '../testing/fundingKit';
import { TEST_NOW } from '../testing/testApp';
import { useTestApp } from '../testing/useTestApp';

const { app, db, clock } = useTestApp({ clockAt: TEST_NOW });

const portfolioPath = (accountUuid: string) => apiPath(ApiPaths.portfolio, { accountUuid });
async function portfolioOf(customer: Customer, accountUuid: string): Promise<PortfolioResponse> {
  const response = await customer.get(portfolioPath(accountUuid));
  expect(response.statusCode).toBe(200);
  return response.json<PortfolioResponse>();
}
const bySymbol = (positions: Position[], symbol: string) => positions.find((position) => position.symbol === symbol)!;

describe('exact quantities and values', () => {
  it('converts quantities to 1e-8 units and back without floating point', () => {
    expect(quantityToE8('0.0125')).toBe(1_250_000);
    expect(quantityToE8('12')).toBe(1_200_000_000);
    expect(e8ToQuantity(1_250_000)).toBe('0.0125');
    expect(e8ToQuantity(550_000_000)).toBe('5.5');
    expect(e8ToQuantity(1)).toBe('0.00000001');
    expect(() => quantityToE8('1.123456789')).toThrow(RangeError);
    expect(() => quantityToE8('-1')).toThrow(RangeError);
  });

  it('rounds a value half away from zero to the cent', () => {
    // 0.0125 x $96,842.10 = $1,210.52625 -> $1,210.53
    expect(valueCents(1_250_000, 9_684_210)).toBe(121_053);
    // 0.5 x $0.01 = half a cent -> 1 cent; 0.49999999 x $0.01 -> 0
    expect(valueCents(50_000_000, 1)).toBe(1);
    expect(valueCents(49_999_999, 1)).toBe(0);
    expect(valueCents(-50_000_000, 1)).toBe(-1);
    // Options: 2 contracts x $4.82 x 100 shares
    expect(valueCents(200_000_000, 482, 100)).toBe(96_400);
  });
});

describe('GET portfolio', () => {
  it("answers alex's brokerage positions with quantities, prices, cost basis, market value and option and bond details", async () => {
    const alex = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = await accountOf(alex, 'US');
    const portfolio = await portfolioOf(alex, brokerage.accountUuid);

    expect(portfolio.accountUuid).toBe(brokerage.accountUuid);
    expect(portfolio.millisecondsToWaitAfterLastResponse).toBe(15_000);
    expect(portfolio.positions.map((position) => position.symbol).sort()).toEqual(
      DEMO_POSITIONS['alex@fundflow.test']['5001001'].map((p) => p.symbol).sort(),
    );

    expect(bySymbol(portfolio.positions, 'BTC')).toMatchObject({
      assetType: 'CRYPTO',
      quantity: '0.0125',
      averagePrice: { amount: '61250.00', currency: 'USD' },
      costBasis: { totalCost: { amount: '781.25', currency: 'USD' } },
      marketValue: { amount: '1210.53', currency: 'USD' },
      option: null,
      fixedIncome: null,
    });
    expect(bySymbol(portfolio.positions, 'VOO')).toMatchObject({
      assetType: 'EQUITY',
      securityType: 'ETF',
      quantity: '5.5',
      marketValue: { amount: '2866.27' },
    });
    expect(bySymbol(portfolio.positions, 'AAPL270618C00250000')).toMatchObject({
      assetType: 'OPTION',
      rootSymbol: 'AAPL',
      quantity: '2',
      marketValue: { amount: '964.00' },
      option: { rootSymbol: 'AAPL', optionType: 'CALL', strikePrice: { amount: '250.00' }, expirationDate: '2027-06-18', multiplier: 100 },
    });
    expect(bySymbol(portfolio.positions, '037833DX5')).toMatchObject({
      assetType: 'BOND',
      fixedIncome: {
        cusip: '037833DX5',
        maturityDate: '2046-02-23',
        couponRate: '4.65',
        yieldToMaturity: '4.94',
        faceValue: { amount: '1000.00' },
      },
    });
    expect(bySymbol(portfolio.positions, 'AAPL')).toMatchObject({ rootSymbol: 'AAPL', securityType: 'STOCK', option: null });
  });

  it("answers each account's own positions: the IRAs theirs, high-yield cash none, a never-funded customer none", async () => {
    const alex = await freshCustomer(app, 'alex@fundflow.test');
    const roth = await portfolioOf(alex, (await accountOf(alex, 'ROTH_IRA')).accountUuid);
    expect(roth.positions.map((position) => position.symbol).sort()).toEqual(['MSFT', 'QQQ']);
    expect((await portfolioOf(alex, (await accountOf(alex, 'HIGH_YIELD')).accountUuid)).positions).toEqual([]);

    const newcomer = await freshCustomer(app, 'new@fundflow.test');
    const empty = await portfolioOf(newcomer, (await accountOf(newcomer, 'US')).accountUuid);
    expect(empty.positions).toEqual([]);
    expect(empty.balance.buyingPowerSummary.buyingPower.amount).toBe('0.00');
  });

  it('derives buying power, deposits on hold, pending and non-instant deposits and available to withdraw from the deposits', async () => {
    const alex = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = await accountOf(alex, 'US');
    const bank = await bankOf(alex);

    // The seed's $100 bank deposit is not settled: its instant $100 is buying power but on hold; so is the $300
    // debit-card deposit of 25 days ago (held 120 days).
    const before = await portfolioOf(alex, brokerage.accountUuid);
    expect(before.balance.buyingPowerSummary).toEqual({ cashBalance: brokerage.balance, buyingPower: brokerage.balance });
    expect(before.balance.depositsOnHold.amount).toBe('400.00');
    expect(before.balance.pendingDeposits.amount).toBe('0.00');
    expect(before.balance.availableToWithdrawSummary.availableToWithdraw.amount).toBe('12080.55');
    expect(before.balance.availableToWithdrawSummary.depositsOnHold.amount).toBe('400.00');

    // $1,000 more: $750 of instant room is left ($250 in flight), so $750 is buying power now and $250 is pending.
    expect((await deposit(app, alex, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '1000.00' })).statusCode).toBe(
      200,
    );
    // Then $40 with no instant room left: nothing now, all of it a non-instant deposit.
    expect((await deposit(app, alex, { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: '40.00' })).statusCode).toBe(
      200,
    );
    const after = await portfolioOf(alex, brokerage.accountUuid);
    expect(after.balance.buyingPowerSummary.buyingPower.amount).toBe('13230.55');
    expect(after.balance.depositsOnHold.amount).toBe('1150.00');
    expect(after.balance.pendingDeposits.amount).toBe('290.00');
    expect(after.balance.nonInstantDeposits.amount).toBe('40.00');
    expect(after.balance.availableToWithdrawSummary.availableToWithdraw.amount).toBe('12080.55');

    // Settled: everything is in the balance and withdrawable, except the debit card's $300 in its hold.
    expect((await call(app, alex, 'POST', ApiPaths.sandboxSettleDeposits)).statusCode).toBeLessThan(300);
    const settled = await portfolioOf(alex, brokerage.accountUuid);
    expect(settled.balance).toMatchObject({
      depositsOnHold: { amount: '300.00' },
      pendingDeposits: { amount: '0.00' },
      nonInstantDeposits: { amount: '0.00' },
      buyingPowerSummary: { buyingPower: { amount: '13520.55' } },
      availableToWithdrawSummary: { availableToWithdraw: { amount: '13220.55' } },
    });
  });

  it('shows a pending withdrawal: out of the cash and of what is available, counted under pending withdrawals', async () => {
    const alex = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = await accountOf(alex, 'US');
    const bank = await bankOf(alex);
    const made = await call(
      app,
      alex,
      'POST',
      ApiPaths.withdrawals,
      { accountUuid: brokerage.accountUuid, paymentMethodId: bank.id, amount: { amount: '380.55', currency: 'USD' } },
      withKey(randomUUID()),
    );
    expect(made.statusCode).toBe(201);
    const after = await portfolioOf(alex, brokerage.accountUuid);
    expect(after.balance.pendingWithdrawals.amount).toBe('380.55');
    expect(after.balance.buyingPowerSummary.cashBalance.amount).toBe('12100.00');
    expect(after.balance.availableToWithdrawSummary).toMatchObject({
      availableToWithdraw: { amount: '11700.00' },
      pendingWithdrawals: { amount: '380.55' },
    });
  });

  it('settles due deposits before answering (the clock passed the settlement date)', async () => {
    const alex = await freshCustomer(app, 'alex@fundflow.test');
    const brokerage = await accountOf(alex, 'US');
    expect((await portfolioOf(alex, brokerage.accountUuid)).balance.depositsOnHold.amount).toBe('400.00');
    clock.set('2026-03-09T22:00:00Z');
    // The access token lives 15 minutes: sign in again after moving the clock.
    const later = await signedInCustomer(app, alex.email);
    // The bank deposit settled; the debit card's $300 is in its 120-day hold still.
    expect((await portfolioOf(later, brokerage.accountUuid)).balance.depositsOnHold.amount).toBe('300.00');
  });

  it("refuses another customer's account, an unknown id and a malformed one with 404, and an anonymous call with 401", async () => {
    const alex = await freshCustomer(app, 'alex@fundflow.test');
    const joint = await freshCustomer(app, 'joint@fundflow.test');
    const theirs = await accountOf(joint, 'US');
    const refused = await alex.get(portfolioPath(theirs.accountUuid));
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused).errorCode).toBe('ACCOUNT_NOT_FOUND');
    expect((await alex.get(portfolioPath('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await alex.get(portfolioPath('not-a-uuid'))).statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: portfolioPath(theirs.accountUuid) });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toMatch(/stack|at .*\.ts/);
  });
});

describe('Treasuries and the bond account', () => {
  it('answers the quick picks and their highest yield to worst', async () => {
    const alex = await freshCustomer(app, 'alex@fundflow.test');
    const answer = (await alex.get(ApiPaths.treasuryQuickPicks)).json<TreasuryQuickPicksResponse>();
    expect(answer.highestYieldToWorst).toBe('4.31');
    expect(answer.quickPicks.map((pick) => pick.term)).toEqual(['4-week', '13-week', '26-week', '52-week', '2-year']);

    await db.updateTable('treasury_quick_picks').set({ yield_to_worst: '10.05' }).where('term', '=', '2-year').execute();
    try {
      // Compared as numbers, not as strings ("10.05" > "4.31").
      expect((await alex.get(ApiPaths.treasuryQuickPicks)).json<TreasuryQuickPicksResponse>().highestYieldToWorst).toBe('10.05');
    } finally {
      await db.updateTable('treasury_quick_picks').set({ yield_to_worst: '3.96' }).where('term', '=', '2-year').execute();
    }
  });

  it("answers the bond account's yield to maturity from app_config, and null for a malformed value", async () => {
    const alex = await freshCustomer(app, 'alex@fundflow.test');
    expect((await alex.get(ApiPaths.bondAccountYield)).json<BondAccountYieldResponse>().yieldToMaturity).toBe('5.62');
    await writeAppConfig(db, 'bondAccount.yieldToMaturity', 'lots', new Date());
    try {
      expect((await alex.get(ApiPaths.bondAccountYield)).json<BondAccountYieldResponse>().yieldToMaturity).toBeNull();
    } finally {
      await writeAppConfig(db, 'bondAccount.yieldToMaturity', '5.62', new Date());
    }
  });

  it('needs a signed-in customer', async () => {
    expect((await app.inject({ method: 'GET', url: ApiPaths.treasuryQuickPicks })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: ApiPaths.bondAccountYield })).statusCode).toBe(401);
  });
});

describe('demo positions', () => {
  it('copies positions with a sandbox customer copy, onto the copy’s own accounts', async () => {
    const copy = await freshCustomer(app, 'joint@fundflow.test');
    const account = await accountOf(copy, 'US');
    const positions = (await portfolioOf(copy, account.accountUuid)).positions;
    expect(positions.map((position) => position.symbol).sort()).toEqual(['JNJ', 'SPY']);
    expect(positions.every((position) => position.accountUuid === account.accountUuid)).toBe(true);
  });

  it('fills an older demo database whose demo customers hold no positions, once', async () => {
    const entity = await db.selectFrom('users').select('id').where('email', '=', 'entity@fundflow.test').executeTakeFirstOrThrow();
    const accounts = (await db.selectFrom('accounts').select('id').where('user_id', '=', entity.id).execute()).map((a) => a.id);
    await db.deleteFrom('positions').where('account_id', 'in', accounts).execute();
    expect(await addMissingDemoPositions(db)).toEqual(['entity@fundflow.test']);
    expect(await addMissingDemoPositions(db)).toEqual([]);
    const count = await db
      .selectFrom('positions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('account_id', 'in', accounts)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(DEMO_POSITIONS['entity@fundflow.test']['5004001'].length);
  });
});
