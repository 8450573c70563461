import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { UnknownAction } from '@reduxjs/toolkit';
import { recordedSession } from '../../../test/recordedSession';
import { paymentMethodFixture } from '../../../test/fixtures';
import { paymentMethodsApi } from '../../../api/paymentMethodsApi';
import { makeStore } from '../../../store/store';
import { amountCommitted, confirmPressed, depositFinished, sourceChosen } from '../../deposits/depositDraftSlice';
import { ACTION_WORDS, describeAction, HIDDEN, isDescribedType } from './timelineWords';
import '../../../store/everySliceAndEndpoint';

const root = path.resolve(__dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every action type the app can dispatch: the action creators exported by every module that makes them. */
function everyActionType(): string[] {
  const types = new Set<string>();
  for (const file of ['api', 'features', 'store', 'src'].flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    if (!/createSlice\(|createAction\(|createAsyncThunk\(/.test(readFileSync(file, 'utf8'))) continue;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    for (const value of Object.values(require(file) as Record<string, unknown>)) {
      const creator = value as { type?: unknown; pending?: { type: string }; fulfilled?: { type: string }; rejected?: { type: string } };
      if (typeof value === 'function' && typeof creator.type === 'string') types.add(creator.type);
      if (typeof value === 'function' && creator.pending)
        for (const stage of [creator.pending, creator.fulfilled!, creator.rejected!]) types.add(stage.type);
    }
  }
  return [...types].sort();
}

describe('the support timeline in words', () => {
  it('has words for every action type the app records, or hides it deliberately', () => {
    const types = everyActionType();
    expect(types.length).toBeGreaterThan(100);
    expect(types.filter((type) => !isDescribedType(type))).toEqual([]);
    // And no words for a type the app no longer has (redux-persist's own are not the app's creators).
    expect(Object.keys(ACTION_WORDS).filter((type) => !type.startsWith('persist/') && !types.includes(type))).toEqual([]);
  });

  it('has words for every action type of a recorded session, or hides it deliberately', async () => {
    const { recorder } = await recordedSession();
    // support/noteTyped is the fixture's own action (free text full of secrets), not one of the app's.
    const types = [...new Set(recorder.recorded().map((entry) => entry.action.type))].filter((type) => type !== 'support/noteTyped');
    expect(types.length).toBeGreaterThan(5);
    expect(types.filter((type) => !isDescribedType(type))).toEqual([]);
  });

  it('tells what the customer did and saw in a deposit: the amount, the bank, Confirm, the result', async () => {
    const store = makeStore();
    await store.dispatch(
      paymentMethodsApi.util.upsertQueryData('getPaymentMethods', undefined, {
        ids: ['pm-1'],
        entities: { 'pm-1': paymentMethodFixture({ id: 'pm-1', displayName: 'Chase', paymentMethodNumber: '••••6789' }) },
      }),
    );
    const state = store.getState();
    const words = (action: UnknownAction) => describeAction(action, state, state);
    expect(words(amountCommitted(25_000))).toEqual({ kind: 'did', words: 'Typed $250' });
    expect(words(amountCommitted(12_345))).toEqual({ kind: 'did', words: 'Typed $123.45' });
    expect(words(sourceChosen({ kind: 'paymentMethod', id: 'pm-1', fundingSourceType: 'ACH' }))).toEqual({
      kind: 'did',
      words: 'Chose Chase •••• 6789',
    });
    expect(words(confirmPressed())).toEqual({ kind: 'did', words: 'Pressed Confirm' });
    expect(
      words(
        depositFinished({
          screen: 'deposit-initiated',
          outcome: { depositId: 'd1', amountCents: 25_000, instantCents: 0, message: null },
          attemptOver: true,
        }),
      )?.words,
    ).toBe('Saw Deposit on its way');
  });

  it('hides RTK Query bookkeeping and background loads, and tells a refusal with the server words', () => {
    const state = makeStore().getState();
    expect(
      describeAction({ type: 'api/executeQuery/fulfilled', meta: { arg: { endpointName: 'getDepositLimits' } } }, state, state),
    ).toBeNull();
    expect(describeAction({ type: 'api/internalSubscriptions/subscriptionsUpdated' }, state, state)).toBeNull();
    expect(ACTION_WORDS['analytics/analyticsEventsSent']).toBe(HIDDEN);
    expect(
      describeAction(
        {
          type: 'api/executeMutation/rejected',
          payload: { status: 422, data: { errorCode: 'DE#00003', message: 'Amount is over the limit.' } },
          meta: { arg: { endpointName: 'initiateDeposit' } },
        },
        state,
        state,
      ),
    ).toEqual({ kind: 'saw', words: 'Saw initiate deposit refused by the server: “Amount is over the limit.”' });
  });

  it('shows the type of an action it has no words for, rather than leaving it out', () => {
    const state = makeStore().getState();
    expect(describeAction({ type: 'newerFeature/somethingHappened' }, state, state)).toEqual({
      kind: 'app',
      words: 'Recorded newerFeature/somethingHappened',
    });
  });
});
