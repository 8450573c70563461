import { FundingErrorCode, FundingMessages } from '../../api/contract/values';
import { makeStore } from '../../store/store';
import {
  fundingFlowExited,
  fundingFlowOpened,
  fundingModalReturnedToBase,
  fundingModalSlice,
  fundingModalSwitched,
  selectFundingModalState,
} from './fundingModalSlice';
import { manageFundingMethodsSlice, relinkClosed, relinkRequested, removalClosed, removalRequested } from './manageFundingMethodsSlice';
import {
  accountTypeChosen,
  bankInfoReopened,
  bankInfoSubmitted,
  microDepositLinkFailed,
  microDepositLinkReset,
  microDepositLinkSlice,
  microDepositLinkSucceeded,
} from './microDepositLinkSlice';
import {
  microDepositAmountsEdited,
  microDepositAmountsRejected,
  microDepositsVerified,
  microDepositVerifyClosed,
  microDepositVerifyOpened,
  microDepositVerifyOpenedInWithdrawal,
  microDepositVerifySlice,
} from './microDepositVerifySlice';
import {
  bankChosenForStatement,
  statementExitCanceled,
  statementExitConfirmed,
  statementExitRequested,
  statementFileFailed,
  statementFileRemoved,
  statementFileRetried,
  statementFileUploaded,
  statementFileUploadStarted,
  statementUploadClosed,
  statementUploadOpened,
  statementUploadSlice,
  statementVerificationSubmitted,
} from './statementUploadSlice';
import {
  nicknameEditCanceled,
  nicknameEditStarted,
  nicknameModalClosed,
  nicknameModalOpened,
  nicknameRemovalCanceled,
  nicknameRemovalRequested,
  nicknameSlice,
  nicknameUpdated,
} from './nicknameSlice';

const run = <S, A>(reducer: (state: S | undefined, action: A) => S, ...actions: A[]) =>
  actions.reduce<S>((state, action) => reducer(state, action), reducer(undefined, { type: '@@init' } as A));

describe('fundingModal (4.2)', () => {
  const reduce = fundingModalSlice.reducer;

  it('starts at none', () => {
    expect(run(reduce)).toMatchObject({ modal: 'none', baseFlow: 'none' });
  });

  it('opening a flow makes it the base flow', () => {
    expect(run(reduce, fundingFlowOpened({ modal: 'addMethod' }))).toMatchObject({ modal: 'addMethod', baseFlow: 'addMethod' });
  });

  it('switching keeps the base flow', () => {
    const state = run(
      reduce,
      fundingFlowOpened({ modal: 'deposit' }),
      fundingModalSwitched({ modal: 'addMethod' }),
      fundingModalSwitched({ modal: 'ach' }),
    );
    expect(state).toMatchObject({ modal: 'ach', baseFlow: 'deposit' });
  });

  it('switching with nothing open makes the new modal the base', () => {
    expect(run(reduce, fundingModalSwitched({ modal: 'microDeposit' }))).toMatchObject({ modal: 'microDeposit', baseFlow: 'microDeposit' });
  });

  it('returning goes back to the base flow and drops the sub-flow context', () => {
    const state = run(
      reduce,
      fundingFlowOpened({ modal: 'addMethod' }),
      fundingModalSwitched({ modal: 'debitCard', replacePaymentMethodId: 'card-1' }),
      fundingModalReturnedToBase(),
    );
    expect(state).toMatchObject({ modal: 'addMethod', baseFlow: 'addMethod', replacePaymentMethodId: null });
  });

  it('keeps the flow context: high-yield only, withdrawal mode, card to replace, address token', () => {
    const state = run(
      reduce,
      fundingFlowOpened({ modal: 'addMethod', withdrawalMode: true }),
      fundingModalSwitched({ modal: 'ach', highYieldOnly: true }),
    );
    expect(state).toMatchObject({ withdrawalMode: true, highYieldOnly: true });
    expect(run(reduce, fundingFlowOpened({ modal: 'debitCard', auvToken: 'tok' })).auvToken).toBe('tok');
  });

  it('exit resets to none', () => {
    const state = run(reduce, fundingFlowOpened({ modal: 'deposit' }), fundingModalSwitched({ modal: 'ach' }), fundingFlowExited());
    expect(state).toEqual(run(reduce));
  });

  it('is registered in the store', () => {
    const store = makeStore();
    store.dispatch(fundingFlowOpened({ modal: 'wireTransfer' }));
    expect(selectFundingModalState(store.getState()).modal).toBe('wireTransfer');
  });
});

describe('manage funding methods dialogs', () => {
  const reduce = manageFundingMethodsSlice.reducer;
  it('a remove request opens the confirmation for that method; closing clears it', () => {
    expect(run(reduce, removalRequested('pm-1')).removalId).toBe('pm-1');
    expect(run(reduce, removalRequested('pm-1'), removalClosed()).removalId).toBeNull();
  });
  it('a relink request remembers the method until the relink closes', () => {
    expect(run(reduce, relinkRequested('pm-2')).relinkId).toBe('pm-2');
    expect(run(reduce, relinkRequested('pm-2'), relinkClosed()).relinkId).toBeNull();
  });
});

describe('micro-deposit link (2.5, 4.3)', () => {
  const reduce = microDepositLinkSlice.reducer;

  it('starts at bankInfo', () => {
    expect(run(reduce).step).toBe('bankInfo');
  });

  it('bankInfo → accountType keeping only the last 4 digits and the bank name', () => {
    const state = run(reduce, bankInfoSubmitted({ accountLast4: '000123456789', bankName: 'Chase' }));
    expect(state).toMatchObject({ step: 'accountType', accountLast4: '6789', bankName: 'Chase' });
    expect(JSON.stringify(state)).not.toContain('000123456789');
  });

  it('back from accountType returns to bankInfo', () => {
    expect(run(reduce, bankInfoSubmitted({ accountLast4: '6789', bankName: null }), bankInfoReopened()).step).toBe('bankInfo');
  });

  it('choosing the account type records it', () => {
    expect(run(reduce, accountTypeChosen('SAVINGS')).bankAccountType).toBe('SAVINGS');
  });

  it('accountType → success on a successful link', () => {
    const state = run(
      reduce,
      bankInfoSubmitted({ accountLast4: '6789', bankName: null }),
      microDepositLinkSucceeded({ paymentMethodId: 'pm-9' }),
    );
    expect(state).toMatchObject({ step: 'success', linkedPaymentMethodId: 'pm-9' });
  });

  it('a failure stays on the step with its message; a new submission clears it', () => {
    const failed = run(reduce, bankInfoSubmitted({ accountLast4: '6789', bankName: null }), microDepositLinkFailed('Nope'));
    expect(failed).toMatchObject({ step: 'accountType', error: 'Nope' });
    expect(run(reduce, microDepositLinkFailed('Nope'), bankInfoSubmitted({ accountLast4: '6789', bankName: null })).error).toBeNull();
  });

  it('reset goes back to the start', () => {
    expect(run(reduce, microDepositLinkSucceeded({ paymentMethodId: 'x' }), microDepositLinkReset())).toEqual(run(reduce));
  });
});

describe('micro-deposit verify (2.6, 4.3)', () => {
  const reduce = microDepositVerifySlice.reducer;

  it('opens on verification for one method', () => {
    expect(run(reduce, microDepositVerifyOpened('pm-1'))).toEqual({
      paymentMethodId: 'pm-1',
      step: 'verification',
      error: null,
      inWithdrawal: false,
    });
  });

  it('opened from a withdrawal, it remembers so (its success adds that the withdrawal was not completed, 2.6)', () => {
    expect(run(reduce, microDepositVerifyOpenedInWithdrawal('pm-1'))).toEqual({
      paymentMethodId: 'pm-1',
      step: 'verification',
      error: null,
      inWithdrawal: true,
    });
    expect(run(reduce, microDepositVerifyOpenedInWithdrawal('pm-1'), microDepositVerifyOpened('pm-2')).inWithdrawal).toBe(false);
    expect(run(reduce, microDepositVerifyOpenedInWithdrawal('pm-1'), microDepositVerifyClosed()).inWithdrawal).toBe(false);
  });

  it.each([
    [FundingErrorCode.MICRO_DEPOSIT_WRONG_AMOUNTS, FundingMessages.microWrongAmounts],
    [FundingErrorCode.MICRO_DEPOSIT_REISSUING, FundingMessages.microReissuing],
    [FundingErrorCode.MICRO_DEPOSIT_RELATIONSHIP_CANCELED, FundingMessages.microRelationshipCanceled],
    [FundingErrorCode.MICRO_DEPOSIT_RELATIONSHIP_NOT_FOUND, FundingMessages.microRelationshipNotFound],
  ])('maps the server code %s to its inline message', (errorCode, message) => {
    expect(run(reduce, microDepositVerifyOpened('pm-1'), microDepositAmountsRejected({ errorCode })).error).toBe(message);
  });

  it('has no inline message without a known code (the screen shows a toast instead)', () => {
    expect(run(reduce, microDepositVerifyOpened('pm-1'), microDepositAmountsRejected({})).error).toBeNull();
    expect(run(reduce, microDepositVerifyOpened('pm-1'), microDepositAmountsRejected({ errorCode: 'OTHER' })).error).toBeNull();
  });

  it('editing an amount clears the message', () => {
    const state = run(
      reduce,
      microDepositAmountsRejected({ errorCode: FundingErrorCode.MICRO_DEPOSIT_WRONG_AMOUNTS }),
      microDepositAmountsEdited(),
    );
    expect(state.error).toBeNull();
  });

  it('verification → success, and closing resets', () => {
    expect(run(reduce, microDepositVerifyOpened('pm-1'), microDepositsVerified()).step).toBe('success');
    expect(run(reduce, microDepositVerifyOpened('pm-1'), microDepositsVerified(), microDepositVerifyClosed())).toEqual(run(reduce));
  });
});

describe('statement upload (2.8, 4.5)', () => {
  const reduce = statementUploadSlice.reducer;
  const started = statementFileUploadStarted({ localId: 'f1', fileName: 'statement.png' });
  const uploaded = statementFileUploaded({ localId: 'f1', fileId: 'file-1', fileName: 'statement.png' });

  it('opens on the root list, or straight on the upload for a given bank', () => {
    expect(run(reduce, statementUploadOpened())).toMatchObject({ open: true, step: 'root' });
    expect(run(reduce, statementUploadOpened({ paymentMethodId: 'pm-1' }))).toMatchObject({
      step: 'statement-upload',
      paymentMethodId: 'pm-1',
    });
  });

  it('root → statement-upload when a bank is chosen', () => {
    expect(run(reduce, statementUploadOpened(), bankChosenForStatement('pm-1'))).toMatchObject({
      step: 'statement-upload',
      paymentMethodId: 'pm-1',
    });
  });

  it('tracks a file from uploading to uploaded with the server id', () => {
    const state = run(reduce, statementUploadOpened(), bankChosenForStatement('pm-1'), started, uploaded);
    expect(state.files).toEqual([
      { localId: 'f1', fileName: 'statement.png', size: null, status: 'uploaded', fileId: 'file-1', error: null, retryable: false },
    ]);
  });

  it('each file has its own state: one uploading, one uploaded, one failed, one refused before sending, with sizes', () => {
    const state = run(
      reduce,
      statementUploadOpened(),
      bankChosenForStatement('pm-1'),
      statementFileUploadStarted({ localId: 'a', fileName: 'a.png', size: 100 }),
      statementFileUploadStarted({ localId: 'b', fileName: 'b.pdf', size: 2048 }),
      statementFileUploadStarted({ localId: 'c', fileName: 'c.png', size: 300 }),
      statementFileUploaded({ localId: 'b', fileId: 'file-b', fileName: 'b.pdf' }),
      statementFileFailed({ localId: 'c', fileName: 'c.png', error: 'Something went wrong. Try again.', retryable: true }),
      statementFileFailed({ localId: 'd', fileName: 'd.gif', size: 5, error: 'This image type is not supported.' }),
    );
    expect(state.files.map(({ localId, status, size, retryable }) => [localId, status, size, retryable])).toEqual([
      ['a', 'uploading', 100, false],
      ['b', 'uploaded', 2048, false],
      ['c', 'failed', 300, true],
      ['d', 'failed', 5, false],
    ]);
  });

  it('Retry sends one file again: only a retryable failed file goes back to uploading, the others are untouched', () => {
    const before = run(
      reduce,
      statementUploadOpened(),
      bankChosenForStatement('pm-1'),
      statementFileUploadStarted({ localId: 'a', fileName: 'a.png', size: 100 }),
      statementFileUploaded({ localId: 'a', fileId: 'file-a', fileName: 'a.png' }),
      statementFileUploadStarted({ localId: 'b', fileName: 'b.png', size: 200 }),
      statementFileFailed({ localId: 'b', fileName: 'b.png', error: 'Something went wrong. Try again.', retryable: true }),
      statementFileFailed({ localId: 'c', fileName: 'c.gif', error: 'This image type is not supported.' }),
    );
    const after = reduce(before, statementFileRetried('b'));
    expect(after.files[1]).toMatchObject({ localId: 'b', status: 'uploading', error: null, size: 200 });
    expect(after.files[0]).toEqual(before.files[0]);
    expect(after.files[2]).toEqual(before.files[2]);
    // A refused file is not sent again, nor an uploaded one.
    expect(reduce(before, statementFileRetried('c')).files[2]).toEqual(before.files[2]);
    expect(reduce(before, statementFileRetried('a')).files[0]).toEqual(before.files[0]);
    expect(
      reduce(after, statementFileUploaded({ localId: 'b', fileId: 'file-b', fileName: 'b.png' })).files.map((file) => file.status),
    ).toEqual(['uploaded', 'uploaded', 'failed']);
  });

  it('a failed file keeps its message; a rejected file is listed as failed', () => {
    const failed = run(
      reduce,
      started,
      statementFileFailed({ localId: 'f1', fileName: 'statement.png', error: 'Something went wrong. Try again.' }),
    );
    expect(failed.files[0]).toMatchObject({ status: 'failed', error: 'Something went wrong. Try again.' });
    const rejected = run(reduce, statementFileFailed({ localId: 'f2', fileName: 'a.gif', error: 'This image type is not supported.' }));
    expect(rejected.files).toHaveLength(1);
  });

  it('removing a file drops it', () => {
    expect(run(reduce, started, uploaded, statementFileRemoved('f1')).files).toEqual([]);
  });

  it('asks before leaving with uploads; cancel stays, confirm goes back to the list', () => {
    const asking = run(reduce, statementUploadOpened(), bankChosenForStatement('pm-1'), started, uploaded, statementExitRequested());
    expect(asking.confirmingExit).toBe(true);
    expect(reduce(asking, statementExitCanceled())).toMatchObject({ confirmingExit: false, step: 'statement-upload' });
    expect(reduce(asking, statementExitConfirmed())).toMatchObject({ confirmingExit: false, step: 'root', files: [] });
  });

  it('leaves without asking when nothing was uploaded, and closes from the list', () => {
    const back = run(reduce, statementUploadOpened(), bankChosenForStatement('pm-1'), statementExitRequested());
    expect(back).toMatchObject({ step: 'root', confirmingExit: false, open: true });
    expect(reduce(back, statementExitRequested()).open).toBe(false);
  });

  it('submitting returns to the list and remembers the bank as under review', () => {
    const state = run(reduce, statementUploadOpened(), bankChosenForStatement('pm-1'), started, uploaded, statementVerificationSubmitted());
    expect(state).toMatchObject({ step: 'root', files: [], submittedIds: ['pm-1'] });
  });

  it('closing resets', () => {
    expect(run(reduce, statementUploadOpened(), statementUploadClosed())).toEqual(run(reduce));
  });
});

describe('nickname modal (2.10, 4.6)', () => {
  const reduce = nicknameSlice.reducer;
  const opened = nicknameModalOpened({ paymentMethodId: 'pm-1' });

  it('opens in the view state, or in the form when asked', () => {
    expect(run(reduce, opened)).toEqual({ paymentMethodId: 'pm-1', mode: 'view' });
    expect(run(reduce, nicknameModalOpened({ paymentMethodId: 'pm-1', edit: true })).mode).toBe('edit');
  });

  it('view → edit → view on cancel or after saving', () => {
    expect(run(reduce, opened, nicknameEditStarted()).mode).toBe('edit');
    expect(run(reduce, opened, nicknameEditStarted(), nicknameEditCanceled()).mode).toBe('view');
    expect(run(reduce, opened, nicknameEditStarted(), nicknameUpdated()).mode).toBe('view');
  });

  it('view → confirm remove → view on cancel or after removing', () => {
    expect(run(reduce, opened, nicknameRemovalRequested()).mode).toBe('confirmRemove');
    expect(run(reduce, opened, nicknameRemovalRequested(), nicknameRemovalCanceled()).mode).toBe('view');
    expect(run(reduce, opened, nicknameRemovalRequested(), nicknameUpdated()).mode).toBe('view');
  });

  it('closing resets', () => {
    expect(run(reduce, opened, nicknameModalClosed())).toEqual(run(reduce));
  });
});
