import { FundingErrorCode, NUMBER_LINK_MAX_ATTEMPTS } from '../../api/contract/values';
import { paymentMethodFixture, userFixture } from '../../test/fixtures';
import {
  backPressed,
  bankSearched,
  numberFormSubmitted,
  numberLinkSent,
  bankLookedUp,
  fallbackChosen,
  flowClosed,
  flowOpened,
  initialBankLinkState,
  institutionSelected,
  linkProviderChosen,
  linkRefused,
  numberLinkFailed,
  numberLinkSucceeded,
  numberLinkUnavailable,
  partnerLinkExited,
  partnerLinkFailed,
  partnerLinkSucceeded,
  searchAgainPressed,
  tryAgainPressed,
  type BankLinkState,
} from './bankLinkSlice';
import {
  allowedFallbackOptions,
  numbersRefused,
  selectFallbackOptions,
  selectShowBackButton,
  selectVisibleFallbackOptions,
} from './bankLinkSelectors';
import { makeStore } from '../../store/store';
import { paymentMethodsApi } from '../../api/paymentMethodsApi';
import { sessionEstablished } from '../../api/authEvents';
import { asRoot, bank, BOTH, entry, OTHER_METHODS, reduce, unableToVerify, verificationFailed } from './bankLinkSliceTestUtils';

describe('bank-link flow transitions (funding-methods.md 4.1)', () => {
  it('opening the flow starts on bank-selector with an empty history and remembers the presentation', () => {
    const state = reduce([institutionSelected(BOTH), flowOpened({ presentation: 'page', highYieldOnly: true })]);
    expect(state).toEqual({ ...initialBankLinkState, presentation: 'page', highYieldOnly: true });
  });

  it('opening after the OAuth return goes straight to partner-link for the remembered institution', () => {
    const state = reduce([flowOpened({ presentation: 'page', oauthResumeInstitution: bank(['PLAID'], { oauth: true }) })]);
    expect(state.step).toBe('partner-link');
    expect(state.history).toEqual(['bank-selector']);
    expect(state.institution?.oauth).toBe(true);
  });

  it('from bank-selector, an institution supporting both providers goes to link-choice', () => {
    const state = reduce([institutionSelected(BOTH)]);
    expect(state.step).toBe('link-choice');
    expect(state.history).toEqual(['bank-selector']);
    expect(state.institution).toEqual(BOTH);
  });

  it('from bank-selector, an institution supporting only the partner goes to partner-link', () => {
    expect(reduce([institutionSelected(bank(['PLAID']))]).step).toBe('partner-link');
  });

  it('from bank-selector, an institution supporting only the verification link goes to number-link', () => {
    expect(reduce([institutionSelected(bank(['VERIFICATION_SERVICE']))]).step).toBe('number-link');
  });

  it('from bank-selector, an institution supporting neither goes to the fallbacks (try another variant)', () => {
    const state = reduce([institutionSelected(bank([]))]);
    expect(state.step).toBe('bank-link-fallbacks');
    expect(state.fallbackVariant).toBe('tryAnother');
  });

  it('link-choice leads to partner-link or number-link', () => {
    expect(reduce([institutionSelected(BOTH), linkProviderChosen('PLAID')]).step).toBe('partner-link');
    const number = reduce([institutionSelected(BOTH), linkProviderChosen('VERIFICATION_SERVICE')]);
    expect(number.step).toBe('number-link');
    expect(number.history).toEqual(['bank-selector', 'link-choice']);
  });

  it('number-link goes to number-bank-verification after a successful bank lookup, then to success', () => {
    const looked = reduce([institutionSelected(bank(['VERIFICATION_SERVICE'])), bankLookedUp(entry)]);
    expect(looked.step).toBe('number-bank-verification');
    expect(looked.numberLink).toEqual(entry);
    const linked = reduce([numberLinkSucceeded({ paymentMethodId: 'pm-9' })], looked);
    expect(linked.step).toBe('bank-link-success');
    expect(linked.linkedPaymentMethodId).toBe('pm-9');
  });

  it('a bank lookup that found nothing records the entry and stays on number-link (the link is sent directly)', () => {
    const state = reduce([institutionSelected(bank(['VERIFICATION_SERVICE'])), bankLookedUp({ ...entry, bankName: null })]);
    expect(state.step).toBe('number-link');
    expect(state.numberLink?.bankName).toBeNull();
  });

  it('the store never holds more than the last 4 digits of the account number', () => {
    const state = reduce([institutionSelected(bank(['VERIFICATION_SERVICE'])), bankLookedUp(entry)]);
    expect(Object.keys(state.numberLink ?? {})).toEqual(['routingNumber', 'accountLast4', 'bankName']);
  });

  it('the first verification-link failure shows number-link-error', () => {
    const state = reduce([institutionSelected(bank(['VERIFICATION_SERVICE'])), bankLookedUp(entry), numberLinkFailed(verificationFailed)]);
    expect(state.step).toBe('number-link-error');
    expect(state.numberLinkFailures).toBe(1);
  });

  it("a failure with the reason 'unable to verify account' goes straight to the fallbacks without the number link", () => {
    const state = reduce([
      institutionSelected(BOTH),
      linkProviderChosen('VERIFICATION_SERVICE'),
      bankLookedUp(entry),
      numberLinkFailed(unableToVerify),
    ]);
    expect(state.step).toBe('bank-link-fallbacks');
    expect(state.failedProviders).toEqual(['VERIFICATION_SERVICE']);
  });

  it('Try Again retries once, removing the verification and error steps from history', () => {
    const failed = reduce([
      institutionSelected(BOTH),
      linkProviderChosen('VERIFICATION_SERVICE'),
      bankLookedUp(entry),
      numberLinkFailed(verificationFailed),
    ]);
    expect(failed.history).toEqual(['bank-selector', 'link-choice', 'number-link', 'number-bank-verification']);
    const retried = reduce([tryAgainPressed()], failed);
    expect(retried.step).toBe('number-link');
    expect(retried.history).toEqual(['bank-selector', 'link-choice']);
    expect(reduce([backPressed()], retried).step).toBe('link-choice');
  });

  it('Try Again also works when the failure came straight from number-link (no bank found)', () => {
    const failed = reduce([
      institutionSelected(bank(['VERIFICATION_SERVICE'])),
      bankLookedUp({ ...entry, bankName: null }),
      numberLinkFailed(verificationFailed),
    ]);
    const retried = reduce([tryAgainPressed()], failed);
    expect(retried.step).toBe('number-link');
    expect(retried.history).toEqual(['bank-selector']);
  });

  it(`a second verification-link failure goes to the fallbacks (NUMBER_LINK_MAX_ATTEMPTS = ${NUMBER_LINK_MAX_ATTEMPTS}: one retry)`, () => {
    const state = reduce([
      institutionSelected(BOTH),
      linkProviderChosen('VERIFICATION_SERVICE'),
      bankLookedUp(entry),
      numberLinkFailed(verificationFailed),
      tryAgainPressed(),
      bankLookedUp(entry),
      numberLinkFailed(verificationFailed),
    ]);
    expect(state.step).toBe('bank-link-fallbacks');
    expect(state.fallbackVariant).toBe('tryAnother');
    expect(state.failedProviders).toEqual(['VERIFICATION_SERVICE']);
  });

  it('an outage (no verdict on the numbers) shows number-link-error with its message and does not use up an attempt', () => {
    const outage = numberLinkUnavailable({ reason: '503', message: 'There was an error, please try again.' });
    const failed = reduce([
      institutionSelected(BOTH),
      linkProviderChosen('VERIFICATION_SERVICE'),
      bankLookedUp(entry),
      numberLinkSent(),
      outage,
    ]);
    expect(failed.step).toBe('number-link-error');
    expect(failed.numberLinkOutage).toBe('There was an error, please try again.');
    expect(failed.numberLinkFailures).toBe(0);
    expect(failed.numberLinkRequest).toBeNull();
    // Two outages, then the first real refusal: still the retry screen (with the refusal's words), not the fallbacks.
    const refused = reduce(
      [tryAgainPressed(), bankLookedUp(entry), outage, tryAgainPressed(), bankLookedUp(entry), numberLinkFailed(verificationFailed)],
      failed,
    );
    expect(refused.step).toBe('number-link-error');
    expect(refused.numberLinkOutage).toBeNull();
    expect(refused.numberLinkFailures).toBe(1);
    // The second refusal ends the number link.
    const ended = reduce([tryAgainPressed(), bankLookedUp(entry), numberLinkFailed(verificationFailed)], refused);
    expect(ended.step).toBe('bank-link-fallbacks');
  });

  it('Try Again after an outage returns to the form with the history cleaned as after a refusal', () => {
    const failed = reduce([
      institutionSelected(BOTH),
      linkProviderChosen('VERIFICATION_SERVICE'),
      bankLookedUp(entry),
      numberLinkUnavailable({ reason: 'FETCH_ERROR', message: 'We could not reach Fundflow. Check your connection and try again.' }),
    ]);
    const retried = reduce([tryAgainPressed()], failed);
    expect(retried.step).toBe('number-link');
    expect(retried.history).toEqual(['bank-selector', 'link-choice']);
    expect(retried.numberLinkOutage).toBeNull();
    expect(retried.numberLink?.routingNumber).toBe('021000021');
  });

  it.each([
    [{ status: 400, errorCode: FundingErrorCode.ACCOUNT_VERIFICATION_FAILED, message: 'x' }, true],
    [{ status: 400, errorCode: FundingErrorCode.INVALID_ROUTING_NUMBER, message: 'x' }, true],
    [{ status: 422, errorCode: FundingErrorCode.UNABLE_TO_VERIFY_ACCOUNT, message: 'x' }, true],
    [{ status: 500, errorCode: 'INTERNAL_ERROR', message: 'x' }, false],
    [{ status: 503, message: 'x' }, false],
    [{ status: 429, errorCode: 'RATE_LIMITED', message: 'x' }, false],
    [{ status: 408, message: 'x' }, false],
    [{ status: 'FETCH_ERROR', message: 'x' }, false],
    [{ status: 'TIMEOUT_ERROR', message: 'x' }, false],
    [new Error('boom'), false],
  ])('numbersRefused(%j) is %s: only a 4xx verdict counts as an attempt', (error, expected) => {
    expect(numbersRefused(error)).toBe(expected);
  });

  it('Try Again does nothing outside number-link-error', () => {
    const state = reduce([institutionSelected(BOTH)]);
    expect(reduce([tryAgainPressed()], state)).toEqual(state);
  });

  it('in any other failure the failing provider is removed and the fallbacks are shown: partner exit with an error', () => {
    const state = reduce([
      institutionSelected(BOTH),
      linkProviderChosen('PLAID'),
      partnerLinkExited({ error: { code: 'ITEM_LOCKED', description: 'Locked' } }),
    ]);
    expect(state.step).toBe('bank-link-fallbacks');
    expect(state.fallbackVariant).toBe('wentWrong');
    expect(state.failedProviders).toEqual(['PLAID']);
  });

  it('in any other failure the failing provider is removed and the fallbacks are shown: our server failed after the partner', () => {
    const state = reduce([institutionSelected(bank(['PLAID'])), partnerLinkFailed({ reason: 'PARTNER_LINK_FAILED', description: 'x' })]);
    expect(state.step).toBe('bank-link-fallbacks');
    expect(state.failedProviders).toEqual(['PLAID']);
  });

  it('closing the partner widget without success is a cancel that returns to the previous step', () => {
    const fromChoice = reduce([institutionSelected(BOTH), linkProviderChosen('PLAID'), partnerLinkExited({ error: null })]);
    expect(fromChoice.step).toBe('link-choice');
    expect(fromChoice.history).toEqual(['bank-selector']);
    const direct = reduce([institutionSelected(bank(['PLAID'])), partnerLinkExited({ error: null })]);
    expect(direct.step).toBe('bank-selector');
    expect(direct.failedProviders).toEqual([]);
  });

  it('the partner succeeding goes to success with the linked method', () => {
    const state = reduce([institutionSelected(bank(['PLAID'])), partnerLinkSucceeded({ paymentMethodId: 'pm-7' })]);
    expect(state.step).toBe('bank-link-success');
    expect(state.linkedPaymentMethodId).toBe('pm-7');
  });

  it('a fallback to the other provider steps into it (and the number link gets its retry back)', () => {
    const fallbacks = reduce([
      institutionSelected(BOTH),
      linkProviderChosen('VERIFICATION_SERVICE'),
      bankLookedUp(entry),
      numberLinkFailed(unableToVerify),
    ]);
    expect(reduce([fallbackChosen('PLAID')], fallbacks).step).toBe('partner-link');
    const afterPartner = reduce([
      institutionSelected(BOTH),
      linkProviderChosen('PLAID'),
      partnerLinkExited({ error: { code: 'X', description: 'x' } }),
      fallbackChosen('VERIFICATION_SERVICE'),
    ]);
    expect(afterPartner.step).toBe('number-link');
    expect(afterPartner.numberLinkFailures).toBe(0);
  });

  it('a fallback that leaves the flow (debit card, micro-deposit, wire) does not change the step', () => {
    const fallbacks = reduce([institutionSelected(bank([]))]);
    expect(reduce([fallbackChosen('DEBIT_CARD')], fallbacks).step).toBe('bank-link-fallbacks');
  });

  it('back pops the history, and does nothing on the first step', () => {
    const state = reduce([institutionSelected(BOTH), linkProviderChosen('VERIFICATION_SERVICE'), backPressed()]);
    expect(state.step).toBe('link-choice');
    expect(reduce([backPressed(), backPressed()], state).step).toBe('bank-selector');
  });

  it('a refusal (duplicate bank) keeps the step and shows its message until the step changes', () => {
    const refused = reduce([
      institutionSelected(bank(['VERIFICATION_SERVICE'])),
      bankLookedUp(entry),
      linkRefused({ errorCode: FundingErrorCode.DUPLICATE_BANK_ACCOUNT, message: 'Already linked' }),
    ]);
    expect(refused.step).toBe('number-bank-verification');
    expect(refused.refusal?.message).toBe('Already linked');
    expect(reduce([backPressed()], refused).refusal).toBeNull();
  });

  it('search again after a refusal starts over on bank-selector in the same presentation', () => {
    const state = reduce([
      flowOpened({ presentation: 'page' }),
      institutionSelected(bank(['PLAID'])),
      linkRefused({ errorCode: 'X', message: 'm' }),
      searchAgainPressed(),
    ]);
    expect(state).toEqual({ ...initialBankLinkState, presentation: 'page' });
  });

  it('closing resets the flow', () => {
    expect(reduce([institutionSelected(BOTH), flowClosed()])).toEqual(initialBankLinkState);
  });
});

describe('back button rules (2.4)', () => {
  const stateAt = (step: BankLinkState['step'], presentation: BankLinkState['presentation']) =>
    asRoot({ ...initialBankLinkState, step, presentation, history: ['bank-selector'] });

  it.each(['modal', 'page'] as const)('is hidden on success and on the fallbacks (%s)', (presentation) => {
    expect(selectShowBackButton(stateAt('bank-link-success', presentation))).toBe(false);
    expect(selectShowBackButton(stateAt('bank-link-fallbacks', presentation))).toBe(false);
  });

  it('is hidden on bank-selector in modal mode and shown there in page mode', () => {
    expect(selectShowBackButton(stateAt('bank-selector', 'modal'))).toBe(false);
    expect(selectShowBackButton(stateAt('bank-selector', 'page'))).toBe(true);
  });

  it.each(['link-choice', 'partner-link', 'number-link', 'number-bank-verification', 'number-link-error'] as const)(
    'is shown on %s',
    (step) => {
      expect(selectShowBackButton(stateAt(step, 'modal'))).toBe(true);
    },
  );
});

describe('fallback option rules', () => {
  const at = (overrides: Partial<BankLinkState>) => asRoot({ ...initialBankLinkState, step: 'bank-link-fallbacks', ...overrides });

  it('offers every funding method plus the institution link providers that have not failed', () => {
    expect(selectFallbackOptions(at({ institution: BOTH }))).toEqual(['PLAID', 'VERIFICATION_SERVICE', ...OTHER_METHODS]);
  });

  it('removes the failing provider', () => {
    expect(selectFallbackOptions(at({ institution: BOTH, failedProviders: ['PLAID'] }))).toEqual([
      'VERIFICATION_SERVICE',
      ...OTHER_METHODS,
    ]);
    expect(selectFallbackOptions(at({ institution: BOTH, failedProviders: ['VERIFICATION_SERVICE'] }))).toEqual([
      'PLAID',
      ...OTHER_METHODS,
    ]);
  });

  it('never offers a provider the institution does not support', () => {
    expect(selectFallbackOptions(at({ institution: bank(['PLAID']), failedProviders: ['PLAID'] }))).toEqual([...OTHER_METHODS]);
  });

  it('with bankLinkHighYield offers only the two bank-link kinds', () => {
    expect(selectFallbackOptions(at({ institution: BOTH, highYieldOnly: true }))).toEqual(['PLAID', 'VERIFICATION_SERVICE']);
    expect(selectFallbackOptions(at({ institution: BOTH, highYieldOnly: true, failedProviders: ['PLAID'] }))).toEqual([
      'VERIFICATION_SERVICE',
    ]);
  });

  it('hides the funding methods the addition rules no longer allow', () => {
    const all = ['PLAID', 'VERIFICATION_SERVICE', 'DEBIT_CARD', 'MICRO_DEPOSIT', 'WIRE_TRANSFER'] as const;
    const rules = { canAddMethod: true, canAddBank: true, canAddDebitCard: false, canAddMicroDeposit: false, canAddWire: true };
    expect(allowedFallbackOptions(all, rules)).toEqual(['PLAID', 'VERIFICATION_SERVICE', 'WIRE_TRANSFER']);
    expect(allowedFallbackOptions(all, { ...rules, canAddBank: false, canAddWire: false })).toEqual([]);
  });

  it('selectVisibleFallbackOptions applies the addition rules from the session user and the method list', async () => {
    const store = makeStore();
    store.dispatch(sessionEstablished({ accessToken: 't', expiresIn: 900, user: userFixture({ applicationStatus: 'PENDING' }) }));
    await store.dispatch(
      paymentMethodsApi.util.upsertQueryData('getPaymentMethods', undefined, {
        ids: ['card'],
        entities: { card: paymentMethodFixture({ id: 'card', type: 'DEBIT_CARD' }) },
      }),
    );
    store.dispatch(institutionSelected(bank([])));
    // A debit card exists and the account is not COMPLETE: only micro-deposits remain.
    expect(selectVisibleFallbackOptions(store.getState())).toEqual(['MICRO_DEPOSIT']);
  });
});

describe('bank link: what the store keeps for a replay', () => {
  it('keeps the search term once typing pauses (trimmed), and a new flow starts without it', () => {
    const searched = reduce([bankSearched('  Navy ')]);
    expect(searched.searchTerm).toBe('Navy');
    // Back from the next step finds the same search.
    expect(reduce([institutionSelected(BOTH), backPressed()], searched).searchTerm).toBe('Navy');
    expect(reduce([flowOpened({ presentation: 'modal' })], searched).searchTerm).toBe('');
  });

  it('records which number-link request is running until its answer arrives', () => {
    const onForm = reduce([institutionSelected(bank(['VERIFICATION_SERVICE']))]);
    const lookingUp = reduce([numberFormSubmitted()], onForm);
    expect(lookingUp.numberLinkRequest).toBe('lookup');
    const found = reduce([bankLookedUp({ routingNumber: '021000021', accountLast4: '6677', bankName: 'Navy Federal' })], lookingUp);
    expect(found.numberLinkRequest).toBeNull();
    const linking = reduce([numberLinkSent()], found);
    expect(linking.numberLinkRequest).toBe('link');
    expect(reduce([numberLinkSucceeded({ paymentMethodId: 'pm-1' })], linking).numberLinkRequest).toBeNull();
    expect(reduce([numberLinkFailed({ reason: 'SERVER_ERROR', description: 'x' })], linking).numberLinkRequest).toBeNull();
    expect(
      reduce([linkRefused({ errorCode: FundingErrorCode.DUPLICATE_BANK_ACCOUNT, message: 'x' })], linking).numberLinkRequest,
    ).toBeNull();
  });
});
