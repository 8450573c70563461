import { makeStore } from '../../store/store';
import { paymentMethodsApi } from '../../api/paymentMethodsApi';
import { paymentMethodFixture } from '../../test/fixtures';
import type { PaymentMethod } from '../../api/contract';
import { mswServer } from '../../test/msw/server';
import { paymentMethodsHandler } from '../../test/msw/handlers';
import { cardBrandDetected, debitCardFlowStarted, debitCardLinkFailed } from './debitCardSlice';
import { selectDebitCardErrorButton, selectDebitCardErrorTitle, selectHasLinkedBank } from './debitCardSelectors';

/** A store whose payment-method list came from the (mocked) server, with the flow started. */
async function storeWith(methods: PaymentMethod[]) {
  mswServer.use(paymentMethodsHandler(methods));
  const store = makeStore();
  await store.dispatch(paymentMethodsApi.endpoints.getPaymentMethods.initiate());
  store.dispatch(debitCardFlowStarted({}));
  return store;
}

const card = paymentMethodFixture({ id: 'pm-card', type: 'DEBIT_CARD' });

describe('debit-card selectors', () => {
  it.each(['ACH', 'PLAID_ACCOUNT', 'MICRO_DEPOSIT'] as const)('selectHasLinkedBank: a %s method counts as a linked ACH', async (type) => {
    expect(selectHasLinkedBank((await storeWith([card, paymentMethodFixture({ type })])).getState())).toBe(true);
  });

  it('selectHasLinkedBank: cards, wire and canceled banks do not count', async () => {
    const store = await storeWith([
      card,
      paymentMethodFixture({ id: 'w', type: 'WIRE_TRANSFER' }),
      paymentMethodFixture({ id: 'old', type: 'ACH', status: 'CANCELED' }),
    ]);
    expect(selectHasLinkedBank(store.getState())).toBe(false);
  });

  it('Contact Support is hidden when an ACH is already linked', async () => {
    const error = { status: 422, errorCode: 'DEBIT_CARD_ALREADY_EXISTS', message: 'Linked elsewhere.' };
    const withBank = await storeWith([paymentMethodFixture({ type: 'ACH' })]);
    withBank.dispatch(debitCardLinkFailed({ error, addressAttempts: 0 }));
    expect(selectDebitCardErrorButton(withBank.getState())).toBeNull();
    const withoutBank = await storeWith([]);
    withoutBank.dispatch(debitCardLinkFailed({ error, addressAttempts: 0 }));
    expect(selectDebitCardErrorButton(withoutBank.getState())).toBe('support');
  });

  it('Try Again and Finish Application do not depend on a linked bank', async () => {
    const store = await storeWith([paymentMethodFixture({ type: 'ACH' })]);
    store.dispatch(debitCardLinkFailed({ error: { errorCode: 'DEBIT_CARD_PREPAID' }, addressAttempts: 0 }));
    expect(selectDebitCardErrorButton(store.getState())).toBe('retry');
    store.dispatch(debitCardLinkFailed({ error: { errorCode: 'DEBIT_CARD_TRADING_ACCOUNT_NOT_ACTIVE' }, addressAttempts: 0 }));
    expect(selectDebitCardErrorButton(store.getState())).toBe('finishApplication');
  });

  it("the title is 'Unable to link your {type} card' with the brand, or 'debit'", async () => {
    const store = await storeWith([]);
    expect(selectDebitCardErrorTitle(store.getState())).toBe('Unable to link your debit card');
    store.dispatch(cardBrandDetected('visa'));
    expect(selectDebitCardErrorTitle(store.getState())).toBe('Unable to link your Visa card');
    store.dispatch(cardBrandDetected('unknown'));
    expect(selectDebitCardErrorTitle(store.getState())).toBe('Unable to link your debit card');
  });
});
