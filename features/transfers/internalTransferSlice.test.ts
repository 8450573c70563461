import { makeStore } from '../../store/store';
import {
  initialInternalTransferState,
  internalTransferClosed,
  internalTransferSlice,
  selectInternalTransferState,
  transferAmountSubmitted,
  transferConfirmed,
  transferFailed,
  transferIntentCreated,
  transferReviewBackPressed,
  transferTryAgainChosen,
  type InternalTransferState,
} from './internalTransferSlice';

const reduce = (state: InternalTransferState, ...actions: Parameters<typeof internalTransferSlice.reducer>[1][]) =>
  actions.reduce(internalTransferSlice.reducer, state);
const draft = { sourceAccountUuid: 'b', destinationAccountUuid: 'h', amountCents: 5_000, iraContributionYear: null };
const atReview = () => reduce(initialInternalTransferState, transferAmountSubmitted(draft), transferIntentCreated('intent-1'));

describe('internalTransferSlice', () => {
  it('is injected lazily: a fresh store answers its initial state', () => {
    expect(selectInternalTransferState(makeStore().getState())).toEqual(initialInternalTransferState);
  });

  it('goes to transfer-review with the intent and a new idempotency key', () => {
    const state = atReview();
    expect(state).toMatchObject({ step: 'transfer-review', draft, intentId: 'intent-1', idempotencyKey: expect.any(String) });
  });

  it('goes back only from the review, keeping the choices and dropping the attempt', () => {
    expect(reduce(atReview(), transferReviewBackPressed())).toMatchObject({ step: 'amount', draft, intentId: null, idempotencyKey: null });
    const done = reduce(atReview(), transferConfirmed({ transferId: 't-1' }));
    expect(reduce(done, transferReviewBackPressed()).step).toBe('transfer-success');
  });

  it('a failed confirmation shows hyca-transfer-error; Try again returns to the review with the same key', () => {
    const review = atReview();
    const failed = reduce(review, transferFailed({ stage: 'confirm', insufficientFunds: false }));
    expect(failed.step).toBe('hyca-transfer-error');
    const again = reduce(failed, transferTryAgainChosen());
    expect(again).toMatchObject({ step: 'transfer-review', intentId: 'intent-1', idempotencyKey: review.idempotencyKey });
  });

  it('insufficient funds (DE#00004) has its own screen; Try again returns to the amount for a new attempt', () => {
    const failed = reduce(atReview(), transferFailed({ stage: 'confirm', insufficientFunds: true }));
    expect(failed.step).toBe('deposit-failed-insufficient-funds');
    expect(reduce(failed, transferTryAgainChosen())).toMatchObject({ step: 'amount', draft, intentId: null, idempotencyKey: null });
  });

  it("keeps the server's wait message of a rate-limited attempt for the failure screen, and forgets it on Try again", () => {
    const failed = reduce(
      atReview(),
      transferFailed({ stage: 'confirm', insufficientFunds: false, waitMessage: 'Try again in 30 seconds.' }),
    );
    expect(failed).toMatchObject({ step: 'hyca-transfer-error', waitMessage: 'Try again in 30 seconds.' });
    expect(reduce(failed, transferTryAgainChosen()).waitMessage).toBeNull();
    expect(reduce(atReview(), transferFailed({ stage: 'confirm', insufficientFunds: false })).waitMessage).toBeNull();
  });

  it('a failed initiate retries from the amount', () => {
    const failed = reduce(
      initialInternalTransferState,
      transferAmountSubmitted(draft),
      transferFailed({ stage: 'initiate', insufficientFunds: false }),
    );
    expect(reduce(failed, transferTryAgainChosen()).step).toBe('amount');
  });

  it('closing forgets everything', () => {
    expect(reduce(atReview(), internalTransferClosed())).toEqual(initialInternalTransferState);
  });
});
