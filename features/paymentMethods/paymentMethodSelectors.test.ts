import { makeStore } from '../../store/store';
import { paymentMethodsApi } from '../../api/paymentMethodsApi';
import { paymentMethodFixture } from '../../test/fixtures';
import { paymentMethodsHandler } from '../../test/msw/handlers';
import { mswServer } from '../../test/msw/server';
import { maskedNumber, selectDefaultPaymentMethod, selectPaymentMethodsList } from './paymentMethodSelectors';

async function storeWith(methods: ReturnType<typeof paymentMethodFixture>[]) {
  mswServer.use(paymentMethodsHandler(methods));
  const store = makeStore();
  await store.dispatch(paymentMethodsApi.endpoints.getPaymentMethods.initiate()).unwrap();
  return store;
}

describe('payment method selectors', () => {
  it('lists methods newest first and leaves canceled ones out', async () => {
    const store = await storeWith([
      paymentMethodFixture({ id: 'old', createdAt: '2026-01-01T00:00:00.000Z' }),
      paymentMethodFixture({ id: 'gone', status: 'CANCELED', createdAt: '2026-03-01T00:00:00.000Z' }),
      paymentMethodFixture({ id: 'new', createdAt: '2026-06-01T00:00:00.000Z' }),
    ]);
    expect(selectPaymentMethodsList(store.getState()).map((m) => m.id)).toEqual(['new', 'old']);
  });

  it('finds the default method, and none when the default was canceled', async () => {
    const withDefault = await storeWith([paymentMethodFixture({ id: 'a' }), paymentMethodFixture({ id: 'b', defaultPaymentMethod: true })]);
    expect(selectDefaultPaymentMethod(withDefault.getState())?.id).toBe('b');
    const canceledDefault = await storeWith([paymentMethodFixture({ id: 'a', defaultPaymentMethod: true, status: 'CANCELED' })]);
    expect(selectDefaultPaymentMethod(canceledDefault.getState())).toBeNull();
  });

  it('returns the same list object while the cache is unchanged (memoised)', async () => {
    const store = await storeWith([paymentMethodFixture({ id: 'a' })]);
    expect(selectPaymentMethodsList(store.getState())).toBe(selectPaymentMethodsList(store.getState()));
  });

  it('masks all but the last 4 digits', () => {
    expect(maskedNumber('123456789')).toBe('•••• 6789');
  });
});
