// Opening a deposit draft: from a link, a recent draft or neither, and when a draft counts as recent.
import {
  amountCommitted,
  depositFinished,
  depositFlowClosed,
  depositFlowOpened,
  initialDepositDraft,
  recurringReviewOpened,
  scheduleChosen,
  sourceChosen,
} from './depositDraftSlice';
import { openDepositFlow } from './depositThunks';
import { DRAFT_KEPT_MINUTES } from './depositRules';
import { makeStore } from '../../store/store';
import { reduce, bank, internal, opened, atReview } from './depositDraftTestUtils';

describe('depositDraft slice: opening', () => {
  describe('depositFlowOpened', () => {
    it('starts a draft with a new id and the destination, frequency and weekday asked for', () => {
      const state = reduce(
        initialDepositDraft,
        depositFlowOpened({ destinationAccountUuid: 'uuid-hy', frequency: 'WEEKLY', dayOfWeek: 'FRIDAY', flow: 'recurring-deposit' }),
      );
      expect(state.draftId).toEqual(expect.any(String));
      expect(state).toMatchObject({
        destinationAccountUuid: 'uuid-hy',
        frequency: 'WEEKLY',
        dayOfWeek: 'FRIDAY',
        dayOfMonth: null,
        step: 'root',
        flow: 'recurring-deposit',
      });
    });

    it('keeps a recent draft in progress when opened again for the same destination (a reload)', () => {
      const before = reduce(opened(), amountCommitted(12_300));
      const after = reduce(before, depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage', resume: true }));
      expect(after).toEqual({ ...before, savedAt: expect.any(String) });
      expect(reduce(before, depositFlowOpened({ destinationAccountUuid: null, resume: true })).amountCents).toBe(12_300);
    });

    it('a draft the opener does not vouch for as recent is not brought back: a new draft', () => {
      const before = atReview();
      const after = reduce(before, depositFlowOpened({ destinationAccountUuid: null }));
      expect(after.draftId).not.toBe(before.draftId);
      expect(after).toMatchObject({ step: 'root', amountCents: null, source: null, intentId: null, destinationAccountUuid: null });
    });

    it('starts a new draft for another destination, or after a result screen', () => {
      const before = reduce(opened(), amountCommitted(12_300));
      const other = reduce(before, depositFlowOpened({ destinationAccountUuid: 'uuid-hy' }));
      expect(other.amountCents).toBeNull();
      expect(other.draftId).not.toBe(before.draftId);
      const finished = reduce(
        before,
        depositFinished({
          screen: 'instant-deposit',
          outcome: { depositId: 'd', amountCents: 12_300, instantCents: 12_300, message: null },
          attemptOver: true,
        }),
      );
      expect(reduce(finished, depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' })).step).toBe('root');
    });
  });

  describe('a link always wins over a recent draft', () => {
    const weeklyWednesday = () =>
      reduce(
        opened(),
        amountCommitted(1_500),
        sourceChosen(bank),
        scheduleChosen({ frequency: 'WEEKLY', dayOfWeek: 'WEDNESDAY' }),
        recurringReviewOpened(),
      );

    it("a link's frequency replaces the draft's (MONTHLY, then DAILY), back on the amount step with the amount kept", () => {
      const monthly = reduce(weeklyWednesday(), depositFlowOpened({ destinationAccountUuid: null, frequency: 'MONTHLY', resume: true }));
      expect(monthly).toMatchObject({
        frequency: 'MONTHLY',
        dayOfWeek: null,
        dayOfMonth: 1,
        step: 'root',
        amountCents: 1_500,
        source: bank,
      });
      const daily = reduce(monthly, depositFlowOpened({ destinationAccountUuid: null, frequency: 'DAILY', resume: true }));
      expect(daily).toMatchObject({ frequency: 'DAILY', dayOfWeek: null, dayOfMonth: null, step: 'root' });
    });

    it("a link's dayOfWeek replaces the draft's weekday; a frequency it names alone keeps the draft's weekday", () => {
      const friday = reduce(
        weeklyWednesday(),
        depositFlowOpened({ destinationAccountUuid: null, frequency: 'WEEKLY', dayOfWeek: 'FRIDAY', resume: true }),
      );
      expect(friday).toMatchObject({ frequency: 'WEEKLY', dayOfWeek: 'FRIDAY', step: 'root' });
      const biweekly = reduce(
        weeklyWednesday(),
        depositFlowOpened({ destinationAccountUuid: null, frequency: 'FORTNIGHTLY', resume: true }),
      );
      expect(biweekly).toMatchObject({ frequency: 'FORTNIGHTLY', dayOfWeek: 'WEDNESDAY' });
    });

    it('a link naming what the draft already has keeps the review (a reload of the same link)', () => {
      const before = weeklyWednesday();
      const after = reduce(
        before,
        depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage', frequency: 'WEEKLY', dayOfWeek: 'WEDNESDAY', resume: true }),
      );
      expect(after.step).toBe('deposit-review');
      expect(after.draftId).toBe(before.draftId);
    });

    it('a link naming a schedule ends the review of a one-time deposit (its intent is forgotten)', () => {
      const after = reduce(atReview(), depositFlowOpened({ destinationAccountUuid: null, frequency: 'WEEKLY', resume: true }));
      expect(after).toMatchObject({ step: 'root', intentId: null, frequency: 'WEEKLY', dayOfWeek: 'MONDAY', amountCents: 50_000 });
    });

    it('a link asking for a recurring deposit clears an internal source (it cannot fund one)', () => {
      const before = reduce(opened(), sourceChosen(internal));
      expect(reduce(before, depositFlowOpened({ destinationAccountUuid: null, frequency: 'MONTHLY', resume: true })).source).toBeNull();
    });

    it('an old draft gives way to the link alone: nothing of the draft is kept', () => {
      const after = reduce(weeklyWednesday(), depositFlowOpened({ destinationAccountUuid: null, frequency: 'DAILY' }));
      expect(after).toMatchObject({ frequency: 'DAILY', amountCents: null, source: null, step: 'root' });
    });
  });

  describe("the draft's saved-at time", () => {
    const stamped = <A extends { meta: { at: string } }>(action: A, at: string): A => ({ ...action, meta: { at } });

    it('is the time of the last step that changed the draft, taken from the action (a replay gives the same draft)', () => {
      const first = reduce(
        initialDepositDraft,
        stamped(depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }), '2026-06-15T12:00:00.000Z'),
      );
      expect(first.savedAt).toBe('2026-06-15T12:00:00.000Z');
      const typed = reduce(first, stamped(amountCommitted(2_000), '2026-06-15T12:05:00.000Z'));
      expect(typed.savedAt).toBe('2026-06-15T12:05:00.000Z');
      // A blur that commits the same amount changes nothing, not even the time.
      expect(reduce(typed, stamped(amountCommitted(2_000), '2026-06-15T12:09:00.000Z'))).toBe(typed);
    });

    it('is none for an empty draft, and closing forgets it', () => {
      expect(initialDepositDraft.savedAt).toBeNull();
      expect(reduce(atReview(), depositFlowClosed()).savedAt).toBeNull();
    });
  });
});

describe('openDepositFlow (given now)', () => {
  it('brings back a draft changed within DRAFT_KEPT_MINUTES, and not an older one', () => {
    const store = makeStore();
    store.dispatch({ ...depositFlowOpened({ destinationAccountUuid: 'uuid-brokerage' }), meta: { at: '2026-06-15T12:00:00.000Z' } });
    store.dispatch({ ...amountCommitted(1_500), meta: { at: '2026-06-15T12:01:00.000Z' } });
    const draftId = store.getState().depositDraft.draftId;

    store.dispatch(openDepositFlow({ destinationAccountUuid: null }, '2026-06-15T12:20:00.000Z'));
    expect(store.getState().depositDraft).toMatchObject({ draftId, amountCents: 1_500 });

    const lastStep = store.getState().depositDraft.savedAt!;
    store.dispatch(
      openDepositFlow({ destinationAccountUuid: null }, new Date(Date.parse(lastStep) + (DRAFT_KEPT_MINUTES + 1) * 60_000).toISOString()),
    );
    expect(store.getState().depositDraft.draftId).not.toBe(draftId);
    expect(store.getState().depositDraft.amountCents).toBeNull();
  });
});
