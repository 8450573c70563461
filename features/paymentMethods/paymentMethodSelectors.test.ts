import { makeStore } from '../../store/store';
import { paymentMethodsApi } from '../../api/paymentMethodsApi';
import { accountsApi } from '../../api/accountsApi';
import { additionRules } from '../../api/contract/values';
import type { ApplicationStatus, PaymentMethod } from '../../api/contract';
import { accountFixture, paymentMethodFixture, sessionFixture, userFixture } from '../../test/fixtures';
import { accountsHandler, paymentMethodsHandler } from '../../test/msw/handlers';
import { mswServer } from '../../test/msw/server';
import {
  ADD_METHOD_BLOCKED,
  fundingOptions,
  isMainAccountEligibleForDebitCard,
  maskedNumber,
  methodMenuItems,
  paymentMethodFlags,
  selectAddFundingMethodBlockedReason,
  selectAdditionRules,
  selectDefaultPaymentMethod,
  selectFundingOptions,
  selectMethodMenuItems,
  selectPaymentMethodAttention,
  selectPaymentMethodFlags,
  selectPaymentMethodsList,
  selectRelinkBannerMethod,
  selectShowRelinkBanner,
  selectUnverifiedBankMethods,
  selectVerifiableMicroDepositMethods,
  SET_DEFAULT_HINTS,
} from './paymentMethodSelectors';

async function storeWith(
  methods: PaymentMethod[],
  options: {
    applicationStatus?: ApplicationStatus | null;
    status?: 'ACTIVE' | 'CLOSED';
    accounts?: ReturnType<typeof accountFixture>[];
  } = {},
) {
  mswServer.use(paymentMethodsHandler(methods), accountsHandler(options.accounts ?? [accountFixture()]));
  const user =
    options.applicationStatus === null
      ? null
      : userFixture({ applicationStatus: options.applicationStatus ?? 'COMPLETE', status: options.status ?? 'ACTIVE' });
  const store = makeStore(
    user ? { session: { status: 'authenticated', accessToken: sessionFixture().accessToken, user, endedReason: null } } : undefined,
  );
  await store.dispatch(paymentMethodsApi.endpoints.getPaymentMethods.initiate()).unwrap();
  await store.dispatch(accountsApi.endpoints.getAccounts.initiate()).unwrap();
  return store;
}

const money = (amount: string) => ({ amount, currency: 'USD' as const });
const microDepositBank = (overrides: Partial<PaymentMethod> = {}) =>
  paymentMethodFixture({
    id: 'md',
    type: 'MICRO_DEPOSIT',
    approvalMethod: 'MICRO_DEPOSIT',
    status: 'PENDING',
    readiness: 'PENDING',
    ...overrides,
  });
const card = (overrides: Partial<PaymentMethod> = {}) =>
  paymentMethodFixture({ id: 'card', type: 'DEBIT_CARD', updatable: true, canUpdateNickname: false, bankAccountType: null, ...overrides });
const actions = (method: PaymentMethod) => methodMenuItems(method).map((item) => item.action);

describe('payment method list', () => {
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

describe('what a method waits for, as the portfolio home shows it', () => {
  it('"Relink needed" and "Awaiting micro-deposits" come from the contract\'s usability rule; usable and removed methods have none', async () => {
    const store = await storeWith([
      paymentMethodFixture({ id: 'relink', type: 'PLAID_ACCOUNT', plaidLoginRequired: true }),
      microDepositBank({ id: 'micro' }),
      paymentMethodFixture({ id: 'fine' }),
      paymentMethodFixture({ id: 'removed', status: 'CANCELED', plaidLoginRequired: true }),
      card({ id: 'card' }),
    ]);
    expect(selectPaymentMethodAttention(store.getState())).toEqual({ relink: 'RELINK_REQUIRED', micro: 'MICRO_DEPOSIT_PENDING' });
  });
});

describe('derived flags of a method (3.1)', () => {
  it('deposit limit reached: amountDeposited >= depositLimit, compared in cents', () => {
    expect(
      paymentMethodFlags(paymentMethodFixture({ amountDeposited: money('2499.99'), depositLimit: money('2500.00') })).depositLimitReached,
    ).toBe(false);
    expect(
      paymentMethodFlags(paymentMethodFixture({ amountDeposited: money('2500'), depositLimit: money('2500.00') })).depositLimitReached,
    ).toBe(true);
    expect(
      paymentMethodFlags(paymentMethodFixture({ amountDeposited: money('2600.10'), depositLimit: money('2500.00') })).depositLimitReached,
    ).toBe(true);
  });

  it('partner login required follows plaidLoginRequired', () => {
    expect(paymentMethodFlags(paymentMethodFixture({ plaidLoginRequired: true })).partnerLoginRequired).toBe(true);
    expect(paymentMethodFlags(paymentMethodFixture()).partnerLoginRequired).toBe(false);
  });

  it('bank needs verification: a bank with readiness VERIFICATION_NEEDED, not a card, not a pending micro-deposit bank', () => {
    expect(
      paymentMethodFlags(paymentMethodFixture({ readiness: 'VERIFICATION_NEEDED', verificationStatus: 'UNVERIFIED' }))
        .bankNeedsVerification,
    ).toBe(true);
    expect(paymentMethodFlags(paymentMethodFixture({ readiness: 'PENDING', verificationStatus: 'UNVERIFIED' })).bankNeedsVerification).toBe(
      false,
    );
    expect(paymentMethodFlags(card({ readiness: 'VERIFICATION_NEEDED' })).bankNeedsVerification).toBe(false);
    expect(paymentMethodFlags(microDepositBank({ readiness: 'VERIFICATION_NEEDED' })).bankNeedsVerification).toBe(false);
  });

  it('pending account creation: status PENDING_ACCOUNT_CREATION', () => {
    expect(paymentMethodFlags(paymentMethodFixture({ status: 'PENDING_ACCOUNT_CREATION' })).pendingAccountCreation).toBe(true);
    expect(paymentMethodFlags(paymentMethodFixture({ status: 'PENDING' })).pendingAccountCreation).toBe(false);
  });

  it('verifiable via micro-deposits: approval method MICRO_DEPOSIT and status PENDING', () => {
    expect(paymentMethodFlags(microDepositBank()).verifiableViaMicroDeposits).toBe(true);
    expect(paymentMethodFlags(microDepositBank({ status: 'APPROVED' })).verifiableViaMicroDeposits).toBe(false);
    expect(paymentMethodFlags(paymentMethodFixture({ status: 'PENDING', approvalMethod: 'INSTANT' })).verifiableViaMicroDeposits).toBe(
      false,
    );
  });

  it('rejected: status REJECTED', () => {
    expect(paymentMethodFlags(paymentMethodFixture({ status: 'REJECTED' })).rejected).toBe(true);
    expect(paymentMethodFlags(paymentMethodFixture()).rejected).toBe(false);
  });

  it('verification pending: status PENDING or PENDING_ACCOUNT_CREATION', () => {
    expect(paymentMethodFlags(paymentMethodFixture({ status: 'PENDING' })).verificationPending).toBe(true);
    expect(paymentMethodFlags(paymentMethodFixture({ status: 'PENDING_ACCOUNT_CREATION' })).verificationPending).toBe(true);
    expect(paymentMethodFlags(paymentMethodFixture({ status: 'APPROVED' })).verificationPending).toBe(false);
  });

  it('debit card updatable: a debit card the server marks updatable', () => {
    expect(paymentMethodFlags(card()).debitCardUpdatable).toBe(true);
    expect(paymentMethodFlags(card({ updatable: false })).debitCardUpdatable).toBe(false);
    expect(paymentMethodFlags(paymentMethodFixture({ updatable: true })).debitCardUpdatable).toBe(false);
  });

  it('can update nickname: ACH and partner-linked banks only, when the server allows it', () => {
    expect(paymentMethodFlags(paymentMethodFixture({ type: 'ACH' })).canUpdateNickname).toBe(true);
    expect(paymentMethodFlags(paymentMethodFixture({ type: 'PLAID_ACCOUNT' })).canUpdateNickname).toBe(true);
    expect(paymentMethodFlags(paymentMethodFixture({ type: 'ACH', canUpdateNickname: false })).canUpdateNickname).toBe(false);
    expect(paymentMethodFlags(card({ canUpdateNickname: true })).canUpdateNickname).toBe(false);
    expect(paymentMethodFlags(microDepositBank({ canUpdateNickname: true })).canUpdateNickname).toBe(false);
  });

  it('keeps the flags map the same object while the cache is unchanged (memoised)', async () => {
    const store = await storeWith([paymentMethodFixture({ id: 'a' })]);
    expect(selectPaymentMethodFlags(store.getState())).toBe(selectPaymentMethodFlags(store.getState()));
    expect(selectPaymentMethodFlags(store.getState()).a.depositLimitReached).toBe(false);
  });
});

describe('options menu of a method (2.2)', () => {
  it('Set as Default is disabled when the method is already default', () => {
    const [setDefault] = methodMenuItems(paymentMethodFixture({ defaultPaymentMethod: true }));
    expect(setDefault).toMatchObject({
      action: 'setDefault',
      label: 'Set as Default',
      disabled: true,
      hint: SET_DEFAULT_HINTS.alreadyDefault,
    });
  });

  it('Set as Default is disabled when the deposit limit is reached', () => {
    const [setDefault] = methodMenuItems(paymentMethodFixture({ amountDeposited: money('50000.00') }));
    expect(setDefault).toMatchObject({ action: 'setDefault', disabled: true, hint: SET_DEFAULT_HINTS.limitReached });
  });

  it('Set as Default is enabled for a ready method that is neither default nor at its limit', () => {
    expect(methodMenuItems(paymentMethodFixture())[0]).toEqual({ action: 'setDefault', label: 'Set as Default', disabled: false });
  });

  it('shows only what applies: a plain bank has set default, rename and remove', () => {
    expect(actions(paymentMethodFixture())).toEqual(['setDefault', 'nickname', 'remove']);
  });

  it('offers Update debit card only for an updatable card', () => {
    expect(actions(card())).toEqual(['setDefault', 'updateDebitCard', 'remove']);
    expect(actions(card({ updatable: false }))).toEqual(['setDefault', 'remove']);
  });

  it('offers Relink only when the partner login is required', () => {
    expect(actions(paymentMethodFixture({ plaidLoginRequired: true }))).toContain('relink');
    expect(actions(paymentMethodFixture())).not.toContain('relink');
  });

  it('offers micro-deposit verification, and no default, for a pending micro-deposit bank', () => {
    expect(actions(microDepositBank())).toEqual(['verifyMicroDeposits', 'remove']);
  });

  it('offers statement verification for a bank that needs verification', () => {
    expect(actions(paymentMethodFixture({ readiness: 'VERIFICATION_NEEDED', verificationStatus: 'UNVERIFIED' }))).toContain(
      'verifyStatement',
    );
  });

  it('gives the menus of every listed method by id', async () => {
    const store = await storeWith([paymentMethodFixture({ id: 'bank', defaultPaymentMethod: true }), card()]);
    const menus = selectMethodMenuItems(store.getState());
    expect(Object.keys(menus).sort()).toEqual(['bank', 'card']);
    expect(menus.bank[0].disabled).toBe(true);
    expect(selectMethodMenuItems(store.getState())).toBe(menus);
  });
});

describe('addition rules (section 5) from the session and the list', () => {
  it('uses the session user application status', async () => {
    const complete = await storeWith([paymentMethodFixture()]);
    expect(selectAdditionRules(complete.getState())).toEqual(
      additionRules({ applicationStatus: 'COMPLETE', userStatus: 'ACTIVE', methods: [paymentMethodFixture()] }),
    );
    const pending = await storeWith([paymentMethodFixture()], { applicationStatus: 'PENDING' });
    expect(selectAdditionRules(pending.getState()).canAddWire).toBe(false);
  });

  it('a closed customer adds no funding method of any kind', async () => {
    const closed = await storeWith([], { status: 'CLOSED' });
    expect(selectAdditionRules(closed.getState())).toEqual({
      canAddMethod: false,
      canAddBank: false,
      canAddDebitCard: false,
      canAddMicroDeposit: false,
      canAddWire: false,
    });
  });

  it('blocks Add funding method while the account status is unknown', async () => {
    const store = await storeWith([], { applicationStatus: null });
    expect(selectAddFundingMethodBlockedReason(store.getState())).toBe(ADD_METHOD_BLOCKED.statusUnknown);
  });

  it('blocks Add funding method with four methods, and not with three', async () => {
    const three = [1, 2, 3].map((n) => paymentMethodFixture({ id: `b${n}` }));
    expect(selectAddFundingMethodBlockedReason((await storeWith(three)).getState())).toBeNull();
    const four = [...three, card()];
    expect(selectAddFundingMethodBlockedReason((await storeWith(four)).getState())).toBe(ADD_METHOD_BLOCKED.limitReached);
  });
});

describe('choose a funding method (2.3)', () => {
  const rules = (overrides: Partial<ReturnType<typeof additionRules>> = {}) => ({
    canAddMethod: true,
    canAddBank: true,
    canAddDebitCard: true,
    canAddMicroDeposit: true,
    canAddWire: true,
    ...overrides,
  });
  const kinds = (input: Partial<Parameters<typeof fundingOptions>[0]>) =>
    fundingOptions({ rules: rules(), hasDebitCard: false, mainAccountEligible: true, mode: 'funding', ...input }).map(
      (option) => option.kind,
    );

  it('offers all four, bank account first and recommended', () => {
    const options = fundingOptions({ rules: rules(), hasDebitCard: false, mainAccountEligible: true, mode: 'funding' });
    expect(options.map((option) => option.kind)).toEqual(['bank', 'debitCard', 'wire', 'microDeposit']);
    expect(options[0].recommended).toBe(true);
  });

  it('hides Debit card when a debit card is already present', () => {
    expect(kinds({ hasDebitCard: true })).not.toContain('debitCard');
  });

  it('hides Debit card when the main account is not eligible', () => {
    expect(kinds({ mainAccountEligible: false })).not.toContain('debitCard');
  });

  it('the main account is eligible only with a US brokerage account, not an entity or treasury one', () => {
    expect(isMainAccountEligibleForDebitCard([accountFixture()])).toBe(true);
    expect(isMainAccountEligibleForDebitCard([accountFixture({ variant: 'ENTITY' })])).toBe(false);
    expect(isMainAccountEligibleForDebitCard([accountFixture({ variant: 'TREASURY' })])).toBe(false);
    expect(isMainAccountEligibleForDebitCard([])).toBe(false);
  });

  it('hides Wire transfer in withdrawal-methods mode', () => {
    expect(kinds({ mode: 'withdrawal' })).not.toContain('wire');
  });

  it('offers Wire transfer only when the account status is COMPLETE', () => {
    expect(kinds({ rules: rules({ canAddWire: false }) })).not.toContain('wire');
  });

  it('offers Microdeposit only when a bank can be added and no micro-deposit method exists', () => {
    expect(kinds({ rules: rules({ canAddMicroDeposit: false }) })).not.toContain('microDeposit');
  });

  it('keeps Bank account visible but disabled when no bank can be added', () => {
    const [bank] = fundingOptions({
      rules: rules({ canAddBank: false, canAddMicroDeposit: false }),
      hasDebitCard: false,
      mainAccountEligible: true,
      mode: 'funding',
    });
    expect(bank).toMatchObject({ kind: 'bank', disabled: true });
  });

  it('applies the rules to the store: a card present, a micro-deposit bank present, status PENDING', async () => {
    const store = await storeWith([card(), microDepositBank()], { applicationStatus: 'PENDING' });
    expect(selectFundingOptions(store.getState(), 'funding').map((option) => option.kind)).toEqual(['bank']);
    const complete = await storeWith([]);
    expect(selectFundingOptions(complete.getState(), 'withdrawal').map((option) => option.kind)).toEqual([
      'bank',
      'debitCard',
      'microDeposit',
    ]);
  });
});

describe('relink banner and flow lists', () => {
  it('shows the relink banner while a method needs its partner login again', async () => {
    const store = await storeWith([paymentMethodFixture({ id: 'ok' }), paymentMethodFixture({ id: 'expired', plaidLoginRequired: true })]);
    expect(selectShowRelinkBanner(store.getState())).toBe(true);
    expect(selectRelinkBannerMethod(store.getState())?.id).toBe('expired');
    const fine = await storeWith([paymentMethodFixture()]);
    expect(selectShowRelinkBanner(fine.getState())).toBe(false);
  });

  it('lists the micro-deposit banks awaiting their amounts and the banks a statement can verify', async () => {
    const store = await storeWith([
      microDepositBank(),
      paymentMethodFixture({ id: 'needs', readiness: 'VERIFICATION_NEEDED', verificationStatus: 'UNVERIFIED' }),
      paymentMethodFixture({ id: 'fine' }),
    ]);
    expect(selectVerifiableMicroDepositMethods(store.getState()).map((m) => m.id)).toEqual(['md']);
    expect(selectUnverifiedBankMethods(store.getState()).map((m) => m.id)).toEqual(['needs']);
  });
});
