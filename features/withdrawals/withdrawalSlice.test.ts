import { makeStore } from '../../store/store';
import {
  microDepositsVerified,
  microDepositVerifyClosed,
  microDepositVerifyOpenedInWithdrawal,
} from '../fundingMethods/microDepositVerifySlice';
import {
  amountCommitted,
  bankChosen,
  editPressed,
  nextPressed,
  reviewBackPressed,
  selectWithdrawalState,
  withdrawalClosed,
  withdrawalOpened,
  withdrawalOutcomeUnknown,
  withdrawalRefused,
  withdrawalSubmitted,
  withdrawalSucceeded,
  withholdingChosen,
} from './withdrawalSlice';

function openedStore() {
  const store = makeStore();
  store.dispatch(withdrawalOpened({ variant: 'brokerage', accountUuid: 'uuid-brokerage', paymentMethodId: 'pm-1' }));
  store.dispatch(amountCommitted(5_000));
  store.dispatch(nextPressed());
  return store;
}
const flow = (store: ReturnType<typeof makeStore>) => selectWithdrawalState(store.getState());

describe('withdrawal slice', () => {
  it('is in the store once its module has loaded, with the initial state until the page opens', () => {
    const store = makeStore();
    expect(flow(store)).toMatchObject({ variant: null, step: 'amount', attemptKey: null });
  });

  it('one key per attempt: a retry after a lost answer keeps it', () => {
    const store = openedStore();
    store.dispatch(withdrawalSubmitted('key-1'));
    expect(flow(store)).toMatchObject({ attemptKey: 'key-1', submitting: true });
    store.dispatch(withdrawalOutcomeUnknown({ message: 'lost' }));
    expect(flow(store)).toMatchObject({ step: 'result', attemptKey: 'key-1', submitting: false, outcome: { kind: 'unknown' } });
    store.dispatch(withdrawalSubmitted('key-2'));
    expect(flow(store).attemptKey).toBe('key-1');
    store.dispatch(withdrawalSucceeded({ withdrawalId: 'wd-1' }));
    expect(flow(store)).toMatchObject({ attemptKey: null, outcome: { kind: 'success', withdrawalId: 'wd-1' } });
  });

  it('a refusal ends the attempt; editing starts a new one', () => {
    const store = openedStore();
    store.dispatch(withdrawalSubmitted('key-1'));
    store.dispatch(withdrawalRefused({ errorCode: 'WD#00001', message: 'too much' }));
    expect(flow(store)).toMatchObject({ attemptKey: null, outcome: { kind: 'refused', errorCode: 'WD#00001' } });
    store.dispatch(editPressed());
    expect(flow(store)).toMatchObject({ step: 'amount', outcome: null, amountCents: 5_000 });
  });

  it('changing the amount, bank or withholding after a lost answer starts a new attempt', () => {
    for (const change of [amountCommitted(6_000), bankChosen('pm-2'), withholdingChosen(20)]) {
      const store = openedStore();
      store.dispatch(withdrawalSubmitted('key-1'));
      store.dispatch(withdrawalOutcomeUnknown({ message: 'lost' }));
      store.dispatch(change);
      expect(flow(store).attemptKey).toBeNull();
    }
  });

  it('Back from the review is ignored while the request is under way; closing resets everything', () => {
    const store = openedStore();
    store.dispatch(withdrawalSubmitted('key-1'));
    store.dispatch(reviewBackPressed());
    expect(flow(store).step).toBe('review');
    store.dispatch(withdrawalClosed());
    expect(flow(store)).toMatchObject({ variant: null, step: 'amount', amountCents: null, attemptKey: null });
  });

  it('a bank verified by micro-deposits over the withdrawal restarts the request when that dialog closes (2.6: "restart your withdrawal request")', () => {
    const store = makeStore();
    store.dispatch(withdrawalOpened({ variant: 'brokerage', accountUuid: 'uuid-brokerage', paymentMethodId: 'pm-1' }));
    store.dispatch(amountCommitted(5_000));
    store.dispatch(microDepositVerifyOpenedInWithdrawal('pm-micro'));
    store.dispatch(microDepositsVerified());
    // The dialog still shows its success; the request is only ended once the customer has read it.
    expect(flow(store)).toMatchObject({ variant: 'brokerage', amountCents: 5_000 });
    store.dispatch(microDepositVerifyClosed());
    // Closed: the page opens it again from an empty amount step.
    expect(flow(store)).toMatchObject({ variant: null, step: 'amount', amountCents: null, restartWhenVerifyCloses: false });
  });

  it('dismissing the micro-deposit dialog without verifying keeps the withdrawal as it was', () => {
    const store = makeStore();
    store.dispatch(withdrawalOpened({ variant: 'brokerage', accountUuid: 'uuid-brokerage', paymentMethodId: 'pm-1' }));
    store.dispatch(amountCommitted(5_000));
    store.dispatch(microDepositVerifyOpenedInWithdrawal('pm-micro'));
    store.dispatch(microDepositVerifyClosed());
    expect(flow(store)).toMatchObject({ variant: 'brokerage', amountCents: 5_000 });
  });
});
