import { createSelector } from '@reduxjs/toolkit';
import { configApi, selectFlags } from '../../api/configApi';
import { depositsApi } from '../../api/depositsApi';
import type { RootState } from '../../store/rootReducer';
import { selectDepositDraft } from '../deposits/depositDraftSlice';
import { accountLabel, methodLabel } from '../moneyFlow/moneyFormat';
import { selectDefaultDepositSource, selectInternalOptions, selectMethodOptions } from '../deposits/depositSelectors';
import { draftSourceOfAccount, draftSourceOfMethod, sourceKey } from './iraDepositRules';
import type { DraftSource } from '../deposits/depositDraftSlice';

/** The user property that remembers, for good and on every device, that the match welcome was seen. */
export const IRA_MATCH_WELCOME_SEEN = 'iraMatchWelcomeSeen';

const selectUserPropertiesResult = depositsApi.endpoints.getUserProperties.select();
const selectConfigResult = configApi.endpoints.getConfig.select();

/**
 * The 1% match welcome shows once per customer: the match flag (iraMatchPercent) is above 0 and the user
 * property iraMatchWelcomeSeen is not true. It waits for the configuration (or its failure: then the default
 * flags) and for the properties, so it never flashes; if the properties cannot be read, the deposit is not
 * held up by it.
 */
export const selectShowIraMatchWelcome = createSelector(
  [selectFlags, selectConfigResult, selectUserPropertiesResult],
  (flags, config, properties) => {
    if (!config.isSuccess && !config.isError) return false;
    if (!(flags.iraMatchPercent > 0)) return false;
    if (!properties.isSuccess || !properties.data) return false;
    return properties.data.properties[IRA_MATCH_WELCOME_SEEN] !== true;
  },
);

/** The match on an amount, in cents, rounded down (integer arithmetic: the percent is taken in basis points). */
export function matchCents(amountCents: number, matchPercent: number): number {
  const basisPoints = Math.round(matchPercent * 100);
  return Math.floor((amountCents * basisPoints) / 10_000);
}

export interface IraSourceOption {
  key: string;
  source: DraftSource;
  label: string;
  disabledReason: string | null;
}

/**
 * The From list of an IRA deposit: the deposit flow's method and internal-account options for the draft's
 * destination (a debit card is refused for a retirement account there), as one list of select options.
 */
export const selectIraSourceOptions = createSelector(
  [selectMethodOptions, selectInternalOptions],
  (methods, accounts): IraSourceOption[] => [
    ...methods.map(({ method, disabledReason }) => {
      const source = draftSourceOfMethod(method);
      return { key: sourceKey(source), source, label: methodLabel(method), disabledReason };
    }),
    ...accounts.map(({ account, disabledReason }) => {
      const source = draftSourceOfAccount(account);
      return { key: sourceKey(source), source, label: accountLabel(account), disabledReason };
    }),
  ],
);

/**
 * The source to preselect: the deposit flow's default-source rule over the usable methods, else the first of
 * the customer's accounts that can fund it.
 */
export const selectIraDefaultSource = createSelector(
  [(state: RootState, now: string) => selectDefaultDepositSource(state, now), selectIraSourceOptions],
  (method, options): DraftSource | null => {
    if (method) return draftSourceOfMethod(method);
    return options.find((option) => option.source.kind === 'internalAccount' && option.disabledReason === null)?.source ?? null;
  },
);

/** The chosen source's option, when it can still fund this deposit. */
export const selectIraChosenSource = createSelector(
  [(state: RootState) => selectDepositDraft(state).source, selectIraSourceOptions],
  (source, options) =>
    source ? (options.find((option) => option.key === sourceKey(source) && option.disabledReason === null) ?? null) : null,
);
