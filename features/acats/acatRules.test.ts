import {
  acatTransfersSlice,
  continuePressed,
  deleteDismissed,
  deletePressed,
  editorClosed,
  newTransferPressed,
} from './acatTransfersSlice';
import { cashProblem, draftStatus, formFromFragments, fragmentsFromForm, type AcatForm } from './acatRules';
import type { AcatFragment } from './acatTypes';

const blank: AcatForm = {
  brokerage: '',
  accountType: '',
  accountNumber: '',
  accountHolder: '',
  transferType: '',
  cash: '',
  destination: '',
};

describe('draftStatus', () => {
  it('says In progress until nothing is missing, then Ready to submit', () => {
    expect(draftStatus({ progress: 'IN_PROGRESS', transferStatus: null, readyToSubmit: false })).toEqual({
      label: 'In progress',
      tone: 'warning',
    });
    expect(draftStatus({ progress: 'IN_PROGRESS', transferStatus: null, readyToSubmit: true }).label).toBe('Ready to submit');
  });
  it('after submitting shows the transfer status', () => {
    expect(draftStatus({ progress: 'SUBMITTED', transferStatus: 'INITIATED', readyToSubmit: false }).label).toBe('Submitted');
    expect(draftStatus({ progress: 'SUBMITTED', transferStatus: 'IN_TRANSIT', readyToSubmit: false }).label).toBe('In transit');
    expect(draftStatus({ progress: 'SUBMITTED', transferStatus: 'REJECTED', readyToSubmit: false }).tone).toBe('danger');
    expect(draftStatus({ progress: 'COMPLETED', transferStatus: 'COMPLETE', readyToSubmit: false }).label).toBe('Complete');
  });
});

describe('the editor form and fragments', () => {
  const positions: AcatFragment[] = [
    { type: 'POSITION', symbol: 'AAPL', quantity: '2' },
    { type: 'PARTNER_ACCOUNT', name: 'Brokerage', mask: '1234' },
  ];

  it('leaves empty fields out and normalises the account number', () => {
    expect(fragmentsFromForm({ ...blank, brokerage: ' Vanguard ', accountNumber: ' 1234 5678 ' }, [])).toEqual([
      { type: 'BROKERAGE', brokerage: 'Vanguard' },
      { type: 'ACCOUNT_NUMBER', accountNumber: '12345678' },
    ]);
  });

  it('keeps positions and the partner account for a partial transfer, drops positions for a full one', () => {
    expect(fragmentsFromForm({ ...blank, transferType: 'PARTIAL' }, positions)).toEqual([
      { type: 'TRANSFER_TYPE', transferType: 'PARTIAL' },
      ...positions,
    ]);
    expect(fragmentsFromForm({ ...blank, transferType: 'FULL' }, positions)).toEqual([
      { type: 'TRANSFER_TYPE', transferType: 'FULL' },
      { type: 'PARTNER_ACCOUNT', name: 'Brokerage', mask: '1234' },
    ]);
  });

  it('cash goes in exact cents, for partial transfers only', () => {
    expect(fragmentsFromForm({ ...blank, transferType: 'PARTIAL', cash: '$1,250.5' }, [])).toContainEqual({
      type: 'CASH',
      amount: { amount: '1250.50', currency: 'USD' },
    });
    expect(fragmentsFromForm({ ...blank, transferType: 'FULL', cash: '100' }, []).some((f) => f.type === 'CASH')).toBe(false);
    expect(cashProblem('0')).toBe('Enter an amount above $0.00.');
    expect(cashProblem('12.345')).toBe('Enter an amount like 250 or 250.50.');
    expect(cashProblem('')).toBeNull();
  });

  it('round-trips what the form edits', () => {
    const form: AcatForm = {
      brokerage: 'Vanguard',
      accountType: 'ROTH_IRA',
      accountNumber: '12345678',
      accountHolder: 'A B',
      transferType: 'PARTIAL',
      cash: '10.00',
      destination: 'u1',
    };
    expect(formFromFragments(fragmentsFromForm(form, []))).toEqual(form);
  });
});

describe('acatTransfersSlice', () => {
  const reduce = acatTransfersSlice.reducer;
  it('one dialog at a time: New transfer, Continue and Delete replace each other; closing clears', () => {
    let state = reduce(undefined, continuePressed('d1'));
    expect(state).toEqual({ editingDraftId: 'd1', startingNew: false, deletingDraftId: null });
    state = reduce(state, deletePressed('d2'));
    expect(state).toEqual({ editingDraftId: null, startingNew: false, deletingDraftId: 'd2' });
    expect(reduce(state, deleteDismissed())).toEqual({ editingDraftId: null, startingNew: false, deletingDraftId: null });
    state = reduce(state, newTransferPressed());
    expect(state).toEqual({ editingDraftId: null, startingNew: true, deletingDraftId: null });
    state = reduce(state, continuePressed('d3'));
    expect(state).toEqual({ editingDraftId: 'd3', startingNew: false, deletingDraftId: null });
    state = reduce(reduce(state, newTransferPressed()), editorClosed());
    expect(state).toEqual({ editingDraftId: null, startingNew: false, deletingDraftId: null });
  });
});
