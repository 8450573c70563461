import type { ComponentProps, ProfilerOnRenderCallback } from 'react';
import { configure, screen, waitFor } from '@testing-library/react';
import type { AmountField as RealAmountField, SelectField as RealSelectField } from '../../ui';
import type { AppStore } from '../../store/store';
import { bankMethod, cardMethod, renderDeposit } from './depositTestUtils';
import { QueryStatus } from '@reduxjs/toolkit/query';

// Typing an amount is the hottest path of the deposit screen: every keystroke updates the form. Only the parts
// that depend on the amount should render again; the From list (linked payment methods and own accounts) must
// not. Each field of the UI kit is wrapped, in this test only, in a <Profiler> named after its label, so the
// commits of the amount field and of the From list are counted separately, whatever component renders them.

configure({ asyncUtilTimeout: 4000 });
jest.setTimeout(15_000);

interface Commit {
  id: string;
  phase: 'mount' | 'update' | 'nested-update';
}

// Read by the Profilers' onRender at render time only, so the hoisted mock factory may refer to it.
const mockCommits: Commit[] = [];

jest.mock('../../ui', () => {
  const actual = jest.requireActual<typeof import('../../ui')>('../../ui');
  const { createElement, Profiler } = jest.requireActual<typeof import('react')>('react');
  const onRender: ProfilerOnRenderCallback = (id, phase) => {
    mockCommits.push({ id, phase });
  };
  return {
    ...actual,
    AmountField: (props: ComponentProps<typeof RealAmountField>) =>
      createElement(Profiler, { id: `AmountField:${props.label}`, onRender }, createElement(actual.AmountField, props)),
    SelectField: (props: ComponentProps<typeof RealSelectField>) =>
      createElement(Profiler, { id: `SelectField:${props.label}`, onRender }, createElement(actual.SelectField, props)),
  };
});

const AMOUNT = 'AmountField:Amount';
const FROM_LIST = 'SelectField:From';

const commitsOf = (id: string) => mockCommits.filter((commit) => commit.id === id).length;

/** Nothing is loading any more: a late response would commit the list for reasons other than typing. */
const settled = (store: AppStore) => {
  const { queries, mutations } = store.getState().api;
  return [...Object.values(queries), ...Object.values(mutations)].every((entry) => entry?.status !== QueryStatus.pending);
};

async function openedDepositScreen() {
  const rendered = renderDeposit({ methods: [bankMethod(), cardMethod()] });
  const amount = await screen.findByLabelText('Amount');
  await waitFor(() => expect(screen.getByLabelText('From')).toHaveDisplayValue('Chase Total Checking •••• 6789'));
  await waitFor(() => expect(settled(rendered.store)).toBe(true));
  return { ...rendered, amount };
}

beforeEach(() => {
  mockCommits.length = 0;
});

describe('typing an amount in the deposit funds step', () => {
  it('commits the amount field on every keystroke and never the From list', async () => {
    const { user, amount } = await openedDepositScreen();
    // The wrappers are in place: both fields were profiled while the screen loaded.
    expect(commitsOf(AMOUNT)).toBeGreaterThan(0);
    expect(commitsOf(FROM_LIST)).toBeGreaterThan(0);

    mockCommits.length = 0;
    const keys = '1250.75';
    await user.type(amount, keys);
    expect(amount).toHaveValue(keys);

    const amountCommits = commitsOf(AMOUNT);
    const listCommits = commitsOf(FROM_LIST);
    expect(amountCommits).toBeGreaterThanOrEqual(keys.length);
    expect(listCommits).toBe(0);
    // The amount's own validation still reacts to what is typed.
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('clearing and retyping the amount leaves the From list alone too', async () => {
    const { user, amount } = await openedDepositScreen();
    await user.type(amount, '40');
    mockCommits.length = 0;
    await user.clear(amount);
    await user.type(amount, '0.5');
    expect(await screen.findByText('The minimum deposit is $1')).toBeInTheDocument();
    expect(commitsOf(AMOUNT)).toBeGreaterThanOrEqual(4);
    expect(commitsOf(FROM_LIST)).toBe(0);
  });

  it('the From list still renders when what it shows changes', async () => {
    // Guards the test itself: a list that never re-rendered at all would also pass the tests above.
    const { user, amount } = await openedDepositScreen();
    await user.type(amount, '300');
    mockCommits.length = 0;
    await user.selectOptions(screen.getByLabelText('From'), 'Visa debit card •••• 4242');
    expect(screen.getByLabelText('From')).toHaveDisplayValue('Visa debit card •••• 4242');
    expect(commitsOf(FROM_LIST)).toBeGreaterThan(0);
    // The typed amount survives choosing another source.
    expect(amount).toHaveValue('300');
  });
});
