import { memo, useCallback, useMemo } from 'react';
import { formatCents, moneyToCents } from '../../api/contract/values';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { RootState } from '../../store/rootReducer';
import { Button, Notice, SelectField, type SelectOption } from '../../ui';
import { selectDepositDraft, sourceChosen, type DraftSource } from './depositDraftSlice';
import { selectInternalOptions, selectMethodOptions, selectRelinkableDepositMethods } from './depositSelectors';
import { relinkRequested } from '../fundingMethods/manageFundingMethodsSlice';
import { accountLabel, methodLabel } from '../moneyFlow/moneyFormat';
import { useLinkBank } from './useLinkBank';

const sourceValue = (source: DraftSource | null) => (source ? `${source.kind}:${source.id}` : '');

const selectDraftSource = (state: RootState) => selectDepositDraft(state).source;

/**
 * The deposit's From field: the linked payment methods and the customer's own accounts, each disabled with its
 * reason; without any, a prompt to link a bank. It takes no props and reads only the store, so the amount form
 * around it (whose every keystroke re-renders the form) does not render the list again.
 */
export const DepositSourceField = memo(function DepositSourceField() {
  const dispatch = useAppDispatch();
  const source = useAppSelector(selectDraftSource);
  const methodOptions = useAppSelector(selectMethodOptions);
  const internalOptions = useAppSelector(selectInternalOptions);
  const relinkable = useAppSelector(selectRelinkableDepositMethods);
  const linkBank = useLinkBank();

  const options = useMemo<SelectOption[]>(
    () => [
      ...methodOptions.map(({ method, disabledReason }) => ({
        value: sourceValue({ kind: 'paymentMethod', id: method.id, fundingSourceType: 'ACH' }),
        label: disabledReason ? `${methodLabel(method)} (${disabledReason})` : methodLabel(method),
        disabled: disabledReason !== null,
      })),
      ...internalOptions.map(({ account, disabledReason }) => ({
        value: sourceValue({ kind: 'internalAccount', id: account.accountUuid, fundingSourceType: 'BUYING_POWER' }),
        label: `${accountLabel(account)} · ${formatCents(moneyToCents(account.balance))}${disabledReason ? ` (${disabledReason})` : ''}`,
        disabled: disabledReason !== null,
      })),
    ],
    [methodOptions, internalOptions],
  );

  const chooseSource = useCallback(
    (value: string) => {
      const [kind, ...rest] = value.split(':');
      const id = rest.join(':');
      if (kind === 'paymentMethod') {
        const method = methodOptions.find((option) => option.method.id === id)?.method;
        if (method)
          dispatch(sourceChosen({ kind: 'paymentMethod', id, fundingSourceType: method.type === 'DEBIT_CARD' ? 'DEBIT_CARD' : 'ACH' }));
      } else if (kind === 'internalAccount') {
        dispatch(sourceChosen({ kind: 'internalAccount', id, fundingSourceType: 'BUYING_POWER' }));
      }
    },
    [dispatch, methodOptions],
  );

  if (options.length === 0) {
    return (
      <Notice
        tone="info"
        title="Link a bank to deposit"
        action={
          <Button size="sm" onClick={linkBank}>
            Link Bank
          </Button>
        }
      >
        Deposits come from a linked bank account or debit card.
      </Notice>
    );
  }
  return (
    <>
      <SelectField
        label="From"
        value={sourceValue(source)}
        onChange={chooseSource}
        options={options}
        placeholder="Choose where the money comes from"
      />
      {/* A bank whose login expired is one relink away from funding this deposit: offer it here (4.7). */}
      {relinkable.map((method) => (
        <Notice
          key={method.id}
          tone="warning"
          title={`${methodLabel(method)} needs relinking`}
          action={
            <Button
              size="sm"
              variant="secondary"
              onClick={() => dispatch(relinkRequested(method.id))}
              aria-label={`Relink ${methodLabel(method)}`}
            >
              Relink
            </Button>
          }
        >
          Log in to your bank again to deposit from this account.
        </Notice>
      ))}
    </>
  );
});
