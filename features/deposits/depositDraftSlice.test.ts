import {
  amountCommitted,
  confirmPressed,
  depositFinished,
  depositFlowClosed,
  depositFlowOpened,
  depositInitiateFailed,
  depositIntentCreated,
  depositLimitExceeded,
  destinationChosen,
  initialDepositDraft,
  iraContributionYearChosen,
  limitAmountEdited,
  limitBankChosen,
  limitDialogDismissed,
  recurringReviewOpened,
  reviewBackPressed,
  scheduleChosen,
  sourceChosen,
  tryAgainChosen,
} from './depositDraftSlice';
import { reduce, bank, card, internal, opened, atReview } from './depositDraftTestUtils';

describe('depositDraft slice', () => {
  it('amountCommitted stores integer cents and ends the current attempt', () => {
    const state = reduce(atReview(), confirmPressed(), amountCommitted(7_500));
    expect(state.amountCents).toBe(7_500);
    expect(state.intentId).toBeNull();
    expect(state.idempotencyKey).toBeNull();
  });

  describe('source and schedule interplay', () => {
    it('selecting a debit card resets the schedule to one-time', () => {
      const state = reduce(opened(), scheduleChosen({ frequency: 'MONTHLY', dayOfMonth: 15 }), sourceChosen(card));
      expect(state).toMatchObject({ frequency: 'ONE_TIME', dayOfWeek: null, dayOfMonth: null, source: card });
    });

    it('selecting an internal account resets the schedule to one-time (recurring is disabled for it)', () => {
      const state = reduce(opened(), scheduleChosen({ frequency: 'WEEKLY', dayOfWeek: 'TUESDAY' }), sourceChosen(internal));
      expect(state.frequency).toBe('ONE_TIME');
    });

    it('selecting a bank keeps a recurring schedule', () => {
      const state = reduce(opened(), scheduleChosen({ frequency: 'WEEKLY', dayOfWeek: 'TUESDAY' }), sourceChosen(bank));
      expect(state).toMatchObject({ frequency: 'WEEKLY', dayOfWeek: 'TUESDAY' });
    });

    it('choosing a recurring schedule clears an internal funding source', () => {
      const state = reduce(opened(), sourceChosen(internal), scheduleChosen({ frequency: 'FORTNIGHTLY', dayOfWeek: 'MONDAY' }));
      expect(state.source).toBeNull();
    });

    it('choosing a recurring schedule keeps a bank source', () => {
      expect(reduce(opened(), sourceChosen(bank), scheduleChosen({ frequency: 'MONTHLY', dayOfMonth: 3 })).source).toEqual(bank);
    });

    it('one-time keeps an internal source', () => {
      expect(reduce(opened(), sourceChosen(internal), scheduleChosen({ frequency: 'ONE_TIME' })).source).toEqual(internal);
    });
  });

  it('scheduleChosen keeps only the day that belongs to the frequency, defaulting the weekday to Monday', () => {
    expect(reduce(opened(), scheduleChosen({ frequency: 'WEEKLY' }))).toMatchObject({ dayOfWeek: 'MONDAY', dayOfMonth: null });
    expect(reduce(opened(), scheduleChosen({ frequency: 'MONTHLY', dayOfMonth: 31, dayOfWeek: 'FRIDAY' }))).toMatchObject({
      dayOfWeek: null,
      dayOfMonth: 31,
    });
    expect(reduce(opened(), scheduleChosen({ frequency: 'DAILY', dayOfWeek: 'FRIDAY' }))).toMatchObject({
      dayOfWeek: null,
      dayOfMonth: null,
    });
  });

  it('destinationChosen clears an internal source that is the same account', () => {
    const state = reduce(opened(), sourceChosen(internal), destinationChosen('uuid-ira'));
    expect(state.source).toBeNull();
    expect(reduce(opened(), sourceChosen(internal), destinationChosen('uuid-roth')).source).toEqual(internal);
  });

  it('iraContributionYearChosen stores the tax year', () => {
    expect(reduce(opened(), iraContributionYearChosen(2025)).iraContributionYear).toBe(2025);
  });

  it('depositIntentCreated opens the review with the intent', () => {
    expect(atReview()).toMatchObject({ step: 'deposit-review', intentId: 'intent-1', idempotencyKey: null });
  });

  it('recurringReviewOpened goes straight to review without an intent', () => {
    const state = reduce(opened(), scheduleChosen({ frequency: 'WEEKLY' }), recurringReviewOpened());
    expect(state).toMatchObject({ step: 'deposit-review', intentId: null });
  });

  describe('idempotency key', () => {
    it('is made when Confirm is first pressed', () => {
      const state = reduce(atReview(), confirmPressed());
      expect(state.idempotencyKey).toEqual(expect.any(String));
    });

    it('a second press (double click) keeps the same key', () => {
      const first = reduce(atReview(), confirmPressed());
      expect(reduce(first, confirmPressed()).idempotencyKey).toBe(first.idempotencyKey);
    });

    it('Try again after a failed confirm goes back to the same attempt and keeps the key', () => {
      const pressed = reduce(atReview(), confirmPressed());
      const failed = reduce(
        pressed,
        depositFinished({
          screen: 'deposit-failed-error',
          outcome: { depositId: null, amountCents: 50_000, instantCents: 0, message: null },
          attemptOver: false,
        }),
      );
      const retried = reduce(failed, tryAgainChosen(), confirmPressed());
      expect(retried.step).toBe('deposit-review');
      expect(retried.intentId).toBe('intent-1');
      expect(retried.idempotencyKey).toBe(pressed.idempotencyKey);
    });

    it('a definite refusal (a code the server keeps under the key) ends the attempt: the next Confirm has a new key', () => {
      const pressed = reduce(atReview(), confirmPressed());
      const refused = reduce(
        pressed,
        depositFinished({
          screen: 'deposit-failed-error',
          outcome: { depositId: null, amountCents: 50_000, instantCents: 0, message: 'Try later' },
          attemptOver: true,
        }),
      );
      const retried = reduce(refused, tryAgainChosen(), confirmPressed());
      expect(retried.step).toBe('deposit-review');
      expect(retried.intentId).toBe('intent-1');
      expect(retried.idempotencyKey).not.toBe(pressed.idempotencyKey);
    });

    it('the limit dialog is a definite refusal too', () => {
      const pressed = reduce(atReview(), confirmPressed());
      expect(reduce(pressed, depositLimitExceeded({ message: null })).idempotencyKey).toBeNull();
    });

    it('a new draft has no key, and its first Confirm makes a new one', () => {
      const pressed = reduce(atReview(), confirmPressed());
      const next = reduce(pressed, depositFlowClosed(), depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }));
      expect(next.idempotencyKey).toBeNull();
      const again = reduce(
        next,
        amountCommitted(50_000),
        sourceChosen(bank),
        depositIntentCreated({ intentId: 'intent-2' }),
        confirmPressed(),
      );
      expect(again.idempotencyKey).toEqual(expect.any(String));
      expect(again.idempotencyKey).not.toBe(pressed.idempotencyKey);
    });

    it('a new intent (Back, then Next) is a new attempt', () => {
      const pressed = reduce(atReview(), confirmPressed());
      expect(reduce(pressed, reviewBackPressed(), depositIntentCreated({ intentId: 'intent-3' })).idempotencyKey).toBeNull();
    });
  });

  it('depositFinished shows the result screen with its outcome', () => {
    const outcome = { depositId: 'dep-1', amountCents: 50_000, instantCents: 10_000, message: null };
    expect(reduce(atReview(), depositFinished({ screen: 'partial-instant-deposit', outcome, attemptOver: true }))).toMatchObject({
      step: 'partial-instant-deposit',
      outcome,
    });
  });

  it('depositInitiateFailed shows the error screen without an attempt', () => {
    const state = reduce(
      opened(),
      depositInitiateFailed({ screen: 'deposit-failed-second-pending', message: 'You already have a pending deposit', amountCents: 2_500 }),
    );
    expect(state).toMatchObject({
      step: 'deposit-failed-second-pending',
      intentId: null,
      outcome: { message: 'You already have a pending deposit' },
    });
  });

  it('the limit dialog opens over the current step, and Dismiss closes it', () => {
    const open = reduce(atReview(), depositLimitExceeded({ message: 'A maximum of $50,000 can be deposited per day.' }));
    expect(open).toMatchObject({ step: 'deposit-review', limitDialog: { message: 'A maximum of $50,000 can be deposited per day.' } });
    expect(reduce(open, limitDialogDismissed()).limitDialog).toBeNull();
  });

  it('Edit amount sets the amount to the remaining limit, back on the amount step', () => {
    const state = reduce(atReview(), confirmPressed(), depositLimitExceeded({ message: null }), limitAmountEdited(1_234_500));
    expect(state).toMatchObject({ amountCents: 1_234_500, step: 'root', limitDialog: null, intentId: null, idempotencyKey: null });
  });

  it('Use My Bank makes the bank the source and goes back to the amount step', () => {
    const state = reduce(atReview(), sourceChosen(card), depositLimitExceeded({ message: null }), limitBankChosen(bank));
    expect(state).toMatchObject({ source: bank, step: 'root', limitDialog: null });
  });

  it('Back works only from the review', () => {
    expect(reduce(atReview(), reviewBackPressed()).step).toBe('root');
    const result = reduce(
      atReview(),
      depositFinished({
        screen: 'instant-deposit',
        outcome: { depositId: 'd', amountCents: 1, instantCents: 1, message: null },
        attemptOver: true,
      }),
    );
    expect(reduce(result, reviewBackPressed()).step).toBe('instant-deposit');
  });

  it('Try again after insufficient funds goes back to the amount step (a smaller amount is a new attempt)', () => {
    const failed = reduce(
      atReview(),
      confirmPressed(),
      depositFinished({
        screen: 'deposit-failed-insufficient-funds',
        outcome: { depositId: null, amountCents: 50_000, instantCents: 0, message: null },
        attemptOver: true,
      }),
    );
    expect(reduce(failed, tryAgainChosen())).toMatchObject({ step: 'root', intentId: null, idempotencyKey: null, amountCents: 50_000 });
  });

  it('Try again after an initiate failure goes back to the amount step', () => {
    const failed = reduce(opened(), depositInitiateFailed({ screen: 'deposit-failed-error', message: null, amountCents: 100 }));
    expect(reduce(failed, tryAgainChosen()).step).toBe('root');
  });

  it('depositFlowClosed ends the draft', () => {
    expect(reduce(atReview(), depositFlowClosed())).toEqual(initialDepositDraft);
  });

  it('signing out ends the draft, whether or not the server answered the sign-out', () => {
    const requestId = 'logout-1';
    const meta = {
      arg: { type: 'mutation', endpointName: 'logout', originalArgs: undefined, track: true },
      requestId,
      requestStatus: 'fulfilled',
    } as const;
    const fulfilled = {
      type: 'api/executeMutation/fulfilled',
      payload: null,
      meta: { ...meta, fulfilledTimeStamp: 1, baseQueryMeta: undefined },
    };
    const rejected = {
      type: 'api/executeMutation/rejected',
      payload: undefined,
      error: { message: 'Rejected' },
      meta: { ...meta, requestStatus: 'rejected', aborted: false, condition: false, rejectedWithValue: false },
    };
    expect(reduce(atReview(), fulfilled as never)).toEqual(initialDepositDraft);
    expect(reduce(atReview(), rejected as never)).toEqual(initialDepositDraft);
  });
});
