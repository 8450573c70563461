import { MODAL_BREAKPOINT_PX } from '../session/postLoginRoute';
import type { FundingFlowRequest } from './fundingModalSlice';

/**
 * Query flags that open funding flows (funding-methods.md 2.1). A flag opens its flow when its value is
 * 'enabled'; m, step and auv open the debit-card and micro-deposit modals from links (the bank-link fallbacks).
 */
export const FLOW_FLAGS = [
  'bankLink',
  'bankLinkHighYield',
  'regularDeposit',
  'addFundingMethods',
  'addWithdrawalMethods',
  'bankVerification',
] as const;
export type FlowFlag = (typeof FLOW_FLAGS)[number];

/** Removed with the flag when a flow closes. */
export const FLOW_COMPANION_PARAMS = ['destination', 'frequency', 'dayOfWeek'] as const;
/** The link parameters of the modals, also removed on close. */
export const MODAL_LINK_PARAMS = ['m', 'step', 'auv'] as const;

export type FlowFromQuery = { kind: 'modal'; request: FundingFlowRequest; base?: FundingFlowRequest } | { kind: 'statementUpload' } | null;

const enabled = (params: URLSearchParams, flag: FlowFlag) => params.get(flag) === 'enabled';

/** What the query asks to open, or null. regularDeposit belongs to the deposit flow and is left to it. */
export function flowFromQuery(params: URLSearchParams): FlowFromQuery {
  if (enabled(params, 'bankLinkHighYield')) return { kind: 'modal', request: { modal: 'ach', highYieldOnly: true } };
  if (enabled(params, 'bankLink')) return { kind: 'modal', request: { modal: 'ach' } };
  if (enabled(params, 'bankVerification')) return { kind: 'statementUpload' };

  const base: FundingFlowRequest | undefined = params.get('step') === 'add-funding-method' ? { modal: 'addMethod' } : undefined;
  const m = params.get('m');
  const auv = params.get('auv');
  if (m === 'debit' || auv) return { kind: 'modal', request: { modal: 'debitCard', auvToken: auv || null }, base };
  if (m === 'microdeposit') return { kind: 'modal', request: { modal: 'microDeposit' }, base };

  if (enabled(params, 'addWithdrawalMethods')) return { kind: 'modal', request: { modal: 'addMethod', withdrawalMode: true } };
  if (enabled(params, 'addFundingMethods') || base) return { kind: 'modal', request: { modal: 'addMethod' } };
  return null;
}

/** The query without every flow flag and link parameter, plus destination, frequency and dayOfWeek. */
export function queryWithoutFlow(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of [...FLOW_FLAGS.filter((flag) => flag !== 'regularDeposit'), ...MODAL_LINK_PARAMS, ...FLOW_COMPANION_PARAMS])
    next.delete(name);
  return next;
}

export interface FullRoutePaths {
  bankLink: string;
  addFundingMethod: string;
}

/** Flows that have a full route of their own, for narrow screens or when modals are off. */
export function fullRouteFor(flow: FlowFromQuery, paths: FullRoutePaths, origin: string): string | null {
  if (!flow || flow.kind !== 'modal' || flow.base) return null;
  const { modal, highYieldOnly, withdrawalMode } = flow.request;
  const query = new URLSearchParams({ origin });
  if (modal === 'ach') {
    if (highYieldOnly) query.set('highYield', 'true');
    return `${paths.bankLink}?${query}`;
  }
  if (modal === 'addMethod') {
    if (withdrawalMode) query.set('mode', 'withdrawal');
    return `${paths.addFundingMethod}?${query}`;
  }
  return null;
}

export const settingsPaths = (newerSettingsLayout: boolean) =>
  newerSettingsLayout
    ? {
        fundingMethods: '/settings/v2/transfers',
        bankLink: '/settings/v2/bank-link',
        addFundingMethod: '/settings/v2/add-funding-methods',
        wireTransfer: '/settings/v2/wire-transfer',
      }
    : {
        fundingMethods: '/settings/funding-methods',
        bankLink: '/settings/bank-link',
        addFundingMethod: '/settings/funding-methods/add-funding-method',
        wireTransfer: '/settings/wire-transfer',
      };

/** Whether flows open as modals here: a wide enough screen, and the fundingFlowsAsModal flag on (2.1). */
export const flowsAsModal = (viewportWidth: number, fundingFlowsAsModal: boolean) =>
  fundingFlowsAsModal && viewportWidth >= MODAL_BREAKPOINT_PX;
