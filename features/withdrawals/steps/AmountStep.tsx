import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { AppLink } from '../../navigation/AppLink';
import { useGetAccountsQuery } from '../../../api/accountsApi';
import { selectAllPaymentMethods } from '../../../api/paymentMethodsApi';
import { useGetAvailableToWithdrawQuery } from '../../../api/withdrawalsApi';
import { formatCents, isBankMethodType, moneyToCents, type WithdrawalVariant } from '../../../api/contract/values';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { AmountField, Button, buttonClassName, EmptyState, Notice, SelectField, Spinner, Stack, Stat } from '../../../ui';
import { microDepositVerifyOpenedInWithdrawal } from '../../fundingMethods/microDepositVerifySlice';
import { accountLabel, methodLabel } from '../../moneyFlow/moneyFormat';
import { WithdrawalMessages } from '../withdrawalCopy';
import { amountInputToCents, amountProblemMessage, centsToAmountInput, holdLines } from '../withdrawalRules';
import {
  selectAvailableCents,
  selectWithdrawalBanks,
  selectWithdrawalBanksAwaitingMicroDeposits,
  selectWithdrawalNextProblem,
  selectWithdrawalSource,
  selectWithdrawalSources,
} from '../withdrawalSelectors';
import { amountCommitted, bankChosen, nextPressed, selectWithdrawalState, sourceAccountChosen } from '../withdrawalSlice';
import { IraChoices } from './IraChoices';

/** The link-bank flow over this page (the high-yield page limits its fallbacks to bank links). */
function useLinkBankPath(variant: WithdrawalVariant) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set(variant === 'highYield' ? 'bankLinkHighYield' : 'bankLink', 'enabled');
  return `${location.pathname}?${params}`;
}

/**
 * The withdrawal's first step: From, what is available (and held), the amount, the bank it goes to (or how to
 * link or verify one) and, for an IRA, the tax choices; Next commits the amount.
 */
export function AmountStep({ variant }: { variant: WithdrawalVariant }) {
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectWithdrawalState);
  const sources = useAppSelector(selectWithdrawalSources);
  const source = useAppSelector(selectWithdrawalSource);
  const banks = useAppSelector(selectWithdrawalBanks);
  const awaiting = useAppSelector(selectWithdrawalBanksAwaitingMicroDeposits);
  const hasAnyBank = useAppSelector(selectAllPaymentMethods).some(
    (method) => isBankMethodType(method.type) && method.status !== 'CANCELED',
  );
  const available = useGetAvailableToWithdrawQuery(flow.accountUuid ?? '', { skip: !flow.accountUuid });
  const accounts = useGetAccountsQuery();
  const availableCents = useAppSelector(selectAvailableCents);
  const linkBankPath = useLinkBankPath(variant);
  const [amount, setAmount] = useState(flow.amountCents === null ? '' : centsToAmountInput(flow.amountCents));
  const amountCents = amountInputToCents(amount);
  const problem = useAppSelector((state) => selectWithdrawalNextProblem(state, amountCents));
  const amountMessage =
    amount === '' ? null : amountProblemMessage(problem === 'tooSmall' || problem === 'overAvailable' ? problem : null, availableCents);

  if (sources.length === 0) {
    return (
      <EmptyState
        title={WithdrawalMessages.noAccountTitle}
        body={WithdrawalMessages.noAccountBody}
        action={
          <AppLink to="/portfolio" className={buttonClassName('primary')}>
            Back to portfolio
          </AppLink>
        }
      />
    );
  }

  const pending = available.data ? moneyToCents(available.data.pendingWithdrawals) : 0;
  const hints = pending > 0 ? `${formatCents(pending)} is already on its way to your bank.` : '';
  const holds = available.data
    ? holdLines(available.data.holds, available.data.accountUuid, Object.values(accounts.data?.entities ?? {}))
    : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    dispatch(amountCommitted(amountCents));
    if (problem === null) dispatch(nextPressed());
  };

  return (
    <form className="ff-deposit__form" onSubmit={submit} noValidate>
      <Stack gap={5}>
        {sources.length > 1 ? (
          <SelectField
            label="From"
            value={flow.accountUuid ?? ''}
            onChange={(uuid) => dispatch(sourceAccountChosen(uuid))}
            options={sources.map((account) => ({ value: account.accountUuid, label: accountLabel(account) }))}
          />
        ) : source ? (
          <div className="ff-deposit__fixed-field">
            <span className="ff-deposit__fixed-label">From</span>
            <span>{accountLabel(source)}</span>
          </div>
        ) : null}

        <div className="ff-withdrawal__available" aria-live="polite" aria-busy={available.isFetching || undefined}>
          {available.isError ? (
            <Notice tone="danger" title="We couldn't load what is available to withdraw">
              <Button size="sm" variant="secondary" onClick={() => void available.refetch()}>
                Try again
              </Button>
            </Notice>
          ) : availableCents === null ? (
            <Spinner label="Loading what is available to withdraw" />
          ) : (
            <>
              <Stat label="Available to withdraw" value={formatCents(availableCents)} hint={hints || undefined} />
              {availableCents > 0 ? (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() => {
                    setAmount(centsToAmountInput(availableCents));
                    dispatch(amountCommitted(availableCents));
                  }}
                >
                  Withdraw all
                </Button>
              ) : null}
            </>
          )}
        </div>
        {holds.length > 0 ? (
          <ul className="ff-withdrawal__holds" aria-label="Held from withdrawal">
            {holds.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null}

        <AmountField
          label="Amount"
          name="amount"
          size="lg"
          value={amount}
          onChange={setAmount}
          onBlur={() => dispatch(amountCommitted(amountCents))}
          error={amountMessage ?? undefined}
          autoFocus
        />

        {banks.length > 0 ? (
          <SelectField
            label="To"
            value={flow.paymentMethodId ?? ''}
            onChange={(id) => dispatch(bankChosen(id))}
            options={banks.map((method) => ({ value: method.id, label: methodLabel(method) }))}
            placeholder="Choose your bank account"
          />
        ) : awaiting.length > 0 ? null : (
          <Notice
            tone="info"
            title={WithdrawalMessages.noBankTitle}
            action={
              <AppLink to={linkBankPath} className={buttonClassName('primary', 'sm')}>
                {WithdrawalMessages.linkBank}
              </AppLink>
            }
          >
            {hasAnyBank ? WithdrawalMessages.unverifiedBankBody : WithdrawalMessages.noBankBody}
          </Notice>
        )}

        {awaiting.map((method) => (
          <Notice
            key={method.id}
            tone="info"
            title={WithdrawalMessages.awaitingTitle(methodLabel(method))}
            action={
              <Button size="sm" variant="secondary" onClick={() => dispatch(microDepositVerifyOpenedInWithdrawal(method.id))}>
                {WithdrawalMessages.verifyBank}
              </Button>
            }
          >
            {WithdrawalMessages.awaitingBody}
          </Notice>
        ))}

        {variant === 'ira' ? <IraChoices amountCents={amountCents} /> : null}

        <Button type="submit" fullWidth disabled={problem !== null}>
          Next
        </Button>
      </Stack>
    </form>
  );
}
