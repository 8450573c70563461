import { DebitCardErrorCode, DEBIT_CARD_MAX_ADDRESS_ATTEMPTS } from '../../api/contract/values';
import { makeStore } from '../../store/store';
import {
  addressChangeRefused,
  addressChangeSent,
  addressConfirmationFailed,
  addressConfirmed,
  ADDRESS_CONFIRMATION_RETRY_MESSAGE,
  cardBrandDetected,
  cardSetupRefused,
  debitCardFlowClosed,
  debitCardFlowStarted,
  debitCardLinked,
  debitCardLinkFailed,
  debitCardSlice,
  initialDebitCardState,
  tryAgainChosen,
  type DebitCardState,
} from './debitCardSlice';
import { debitCardAttemptsSlice } from './debitCardAttemptsSlice';

const reduce = (state: DebitCardState, ...actions: Parameters<typeof debitCardSlice.reducer>[1][]) =>
  actions.reduce((current, action) => debitCardSlice.reducer(current, action), state);

const started = reduce(initialDebitCardState, debitCardFlowStarted({}));

describe('debitCard flow slice (4.4)', () => {
  it('starts on card entry, adding a card, and asks for a setup intent round', () => {
    expect(started).toMatchObject({ screen: 'cardEntry', mode: 'add', replacePaymentMethodId: null, cardEntryRound: 1 });
  });

  it('starts in replace mode for Update debit card', () => {
    expect(reduce(initialDebitCardState, debitCardFlowStarted({ replacePaymentMethodId: 'pm-card' }))).toMatchObject({
      screen: 'cardEntry',
      mode: 'replace',
      replacePaymentMethodId: 'pm-card',
    });
  });

  it('entered with an auv token, confirms the address first, then returns to card entry', () => {
    const confirming = reduce(initialDebitCardState, debitCardFlowStarted({ withAddressToken: true }));
    expect(confirming.screen).toBe('confirmingAddress');
    const back = reduce(confirming, addressConfirmed());
    expect(back).toMatchObject({ screen: 'cardEntry', addressVerified: true, cardEntryRound: confirming.cardEntryRound + 1 });
  });

  it('an expired verification link shows the error modal with Try Again', () => {
    const state = reduce(
      initialDebitCardState,
      debitCardFlowStarted({ withAddressToken: true }),
      addressConfirmationFailed({ status: 400, message: 'Expired.' }),
    );
    expect(state.screen).toBe('error');
    expect(state.error).toMatchObject({ action: 'retry', message: 'Expired.' });
  });

  it('an expired link: Try Again starts card entry', () => {
    const failed = reduce(
      initialDebitCardState,
      debitCardFlowStarted({ withAddressToken: true }),
      addressConfirmationFailed({ status: 400, errorCode: 'ADDRESS_TOKEN_INVALID', message: 'Expired.' }),
    );
    expect(failed.retryAddressConfirmation).toBe(false);
    expect(reduce(failed, tryAgainChosen())).toMatchObject({ screen: 'cardEntry', error: null });
  });

  it.each([
    ['no answer', { status: 'FETCH_ERROR', message: 'We could not reach Fundflow. Check your connection and try again.' }],
    ['a crash', { status: 500, errorCode: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' }],
    ['rate limiting', { status: 429, errorCode: 'RATE_LIMITED', message: 'Too many requests. Try again in 30 seconds.' }],
  ])('confirming the address link met %s: Try Again confirms the same link again', (_name, error) => {
    const failed = reduce(initialDebitCardState, debitCardFlowStarted({ withAddressToken: true }), addressConfirmationFailed(error));
    expect(failed).toMatchObject({ screen: 'error', retryAddressConfirmation: true, error: { action: 'retry', message: error.message } });
    const again = reduce(failed, tryAgainChosen());
    expect(again).toMatchObject({
      screen: 'confirmingAddress',
      retryAddressConfirmation: false,
      error: null,
      cardEntryRound: failed.cardEntryRound,
    });
  });

  it('a proxy error page while confirming the link says so in its own words', () => {
    const failed = reduce(
      initialDebitCardState,
      debitCardFlowStarted({ withAddressToken: true }),
      addressConfirmationFailed({ status: 503, message: 'There was an error, please try again.' }),
    );
    expect(failed.error?.message).toBe(ADDRESS_CONFIRMATION_RETRY_MESSAGE);
  });

  it('keeps the brand only (no card data) for the error title', () => {
    const state = reduce(started, cardBrandDetected('mastercard'));
    expect(state.brand).toBe('mastercard');
    expect(JSON.stringify(state)).not.toMatch(/\d{12,}/);
  });

  it('a browser refusal shows the error modal with its outcome', () => {
    const state = reduce(
      started,
      cardSetupRefused({ error: { code: 'card_declined', message: 'Your card was declined.' }, addressAttempts: 0 }),
    );
    expect(state.screen).toBe('error');
    expect(state.error).toMatchObject({ action: 'support', message: 'Your card was declined.', processorCode: 'card_declined' });
  });

  it('a server refusal shows the error modal; Try Again goes back to card entry with a new round', () => {
    const failed = reduce(
      started,
      debitCardLinkFailed({
        error: { status: 422, errorCode: DebitCardErrorCode.PREPAID, message: 'Use a personal debit card.' },
        addressAttempts: 0,
      }),
    );
    expect(failed).toMatchObject({ screen: 'error', error: { action: 'retry', reason: 'notPersonalDebit' } });
    const again = reduce(failed, tryAgainChosen());
    expect(again).toMatchObject({ screen: 'cardEntry', error: null, cardEntryRound: failed.cardEntryRound + 1 });
  });

  it('a zip mismatch leads to the address form with the server text', () => {
    const state = reduce(
      started,
      debitCardLinkFailed({
        error: { status: 422, errorCode: DebitCardErrorCode.ZIP_MISMATCH, message: 'Address must match.' },
        addressAttempts: 3,
      }),
    );
    expect(state).toMatchObject({ screen: 'address', addressReason: 'Address must match.', error: null });
  });

  it(`after ${DEBIT_CARD_MAX_ADDRESS_ATTEMPTS} stored address-change attempts the max-attempts screen is shown`, () => {
    const error = { status: 422, errorCode: DebitCardErrorCode.MISSING_USER_ADDRESS, message: 'x' };
    expect(reduce(started, debitCardLinkFailed({ error, addressAttempts: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS - 1 })).screen).toBe('address');
    expect(reduce(started, debitCardLinkFailed({ error, addressAttempts: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS })).screen).toBe('maxAttempts');
    expect(
      reduce(
        started,
        cardSetupRefused({ error: { code: 'incorrect_zip', message: 'x' }, addressAttempts: DEBIT_CARD_MAX_ADDRESS_ATTEMPTS }),
      ).screen,
    ).toBe('maxAttempts');
  });

  it('address form → email verification sent', () => {
    const state = reduce(
      started,
      debitCardLinkFailed({ error: { errorCode: DebitCardErrorCode.ZIP_MISMATCH }, addressAttempts: 0 }),
      addressChangeSent({ attempts: 1 }),
    );
    expect(state).toMatchObject({ screen: 'verificationSent', verificationEmailSent: true });
  });

  it('the server refusing more address changes ends on the max-attempts screen; other refusals stay on the form', () => {
    const onForm = reduce(started, debitCardLinkFailed({ error: { errorCode: DebitCardErrorCode.ZIP_MISMATCH }, addressAttempts: 0 }));
    expect(reduce(onForm, addressChangeRefused({ status: 400, errorCode: 'ADDRESS_INVALID' })).screen).toBe('address');
    expect(reduce(onForm, addressChangeRefused({ status: 429, errorCode: 'ADDRESS_ATTEMPTS_EXCEEDED' })).screen).toBe('maxAttempts');
  });

  it('success keeps the linked card name', () => {
    expect(reduce(started, debitCardLinked({ displayName: 'Visa debit ••5556' }))).toMatchObject({
      screen: 'success',
      linkedCardName: 'Visa debit ••5556',
    });
  });

  it('closing resets the flow', () => {
    const state = reduce(started, cardBrandDetected('visa'), debitCardFlowClosed({ from: 'cardEntry' }));
    expect(state).toEqual({ ...initialDebitCardState, cardEntryRound: started.cardEntryRound });
  });
});

describe('debitCardAttempts slice (4.4: stored address-change attempts)', () => {
  const reduceAttempts = (count: number, action: Parameters<typeof debitCardAttemptsSlice.reducer>[1]) =>
    debitCardAttemptsSlice.reducer({ count }, action).count;

  it('counts each address change sent, never fewer than the server has', () => {
    expect(reduceAttempts(0, addressChangeSent({ attempts: 1 }))).toBe(1);
    expect(reduceAttempts(2, addressChangeSent({ attempts: 1 }))).toBe(3);
    expect(reduceAttempts(0, addressChangeSent({ attempts: 7 }))).toBe(7);
  });

  it('jumps to the maximum when the server says the attempts are used up', () => {
    expect(reduceAttempts(2, addressChangeRefused({ errorCode: 'ADDRESS_ATTEMPTS_EXCEEDED' }))).toBe(DEBIT_CARD_MAX_ADDRESS_ATTEMPTS);
    expect(reduceAttempts(2, addressChangeRefused({ errorCode: 'ADDRESS_INVALID' }))).toBe(2);
  });

  it('the counter is cleared on success', () => {
    expect(reduceAttempts(6, debitCardLinked({ displayName: 'Visa' }))).toBe(0);
  });

  it('the counter is cleared on dismiss', () => {
    expect(reduceAttempts(10, debitCardFlowClosed({ from: 'maxAttempts' }))).toBe(0);
    expect(reduceAttempts(4, debitCardFlowClosed({ from: 'error' }))).toBe(0);
    expect(reduceAttempts(4, debitCardFlowClosed({ from: 'address' }))).toBe(0);
  });

  it('is kept when the customer leaves the check-your-email step for the emailed link', () => {
    expect(reduceAttempts(4, debitCardFlowClosed({ from: 'verificationSent' }))).toBe(4);
  });

  it('both slices are in the store once the flow is loaded (the flow slice is injected by its module)', () => {
    const state = makeStore().getState();
    expect(state.debitCard?.screen).toBe('idle');
    expect(state.debitCardAttempts).toEqual({ count: 0 });
  });
});
