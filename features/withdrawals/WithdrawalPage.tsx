import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useGetAccountsQuery } from '../../api/accountsApi';
import { selectAllPaymentMethods, useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import { useGetAvailableToWithdrawQuery, useGetWithdrawalsQuery } from '../../api/withdrawalsApi';
import {
  DISTRIBUTION_REASON_LABELS,
  DISTRIBUTION_REASONS,
  formatCents,
  isBankMethodType,
  moneyToCents,
  withheldCents,
  WITHHOLDING_PERCENT_CHOICES,
  type DistributionReason,
  type WithdrawalVariant,
} from '../../api/contract/values';
import { formatBankDay } from '../../api/contract/fundsAvailability';
import { errorMessage } from '../../api/apiError';
import { useAppDispatch, useAppSelector, useAppStore } from '../../store/hooks';
import { safeOrigin } from '../../src/routes/safeOrigin';
import {
  AlertIcon,
  Amount,
  AmountField,
  Button,
  buttonClassName,
  CheckCircleIcon,
  Chips,
  ClockIcon,
  EmptyState,
  ErrorState,
  Notice,
  SelectField,
  Spinner,
  Stack,
  Stat,
} from '../../src/ui';
import { selectSelectedAccount } from '../accountSelection/accountSelectionSlice';
import { accountLabel, methodLabel } from '../moneyFlow/moneyFormat';
import { amountInputToCents, amountProblemMessage, centsToAmountInput, holdLines, withdrawalBanks, withdrawalSources, withdrawalVariantForPath } from './withdrawalRules';
import {
  selectAvailableCents,
  selectWithdrawalBank,
  selectWithdrawalBanks,
  selectWithdrawalBanksAwaitingMicroDeposits,
  selectWithdrawalNextProblem,
  selectWithdrawalSource,
  selectWithdrawalSources,
} from './withdrawalSelectors';
import {
  amountCommitted,
  bankChosen,
  distributionReasonChosen,
  editPressed,
  nextPressed,
  reviewBackPressed,
  selectWithdrawalState,
  sourceAccountChosen,
  withdrawalClosed,
  withdrawalOpened,
  withholdingChosen,
  type WithdrawalStep,
} from './withdrawalSlice';
import { withdrawalConfirmPressed } from './withdrawalEvents';
import { microDepositVerifyOpenedInWithdrawal } from '../fundingMethods/microDepositVerifySlice';
import { FlowFrame } from '../moneyFlow/FlowFrame';
import { ReviewRow } from '../moneyFlow/ReviewRow';
import '../moneyFlow/moneyFlow.css';
import './withdrawals.css';

export const WithdrawalMessages = {
  titles: { brokerage: 'Withdraw funds', ira: 'IRA withdrawal', highYield: 'Withdraw from high-yield cash' } satisfies Record<WithdrawalVariant, string>,
  review: 'Review withdrawal',
  successTitle: 'Withdrawal on its way',
  refusedTitle: 'Withdrawal not made',
  unknownTitle: 'Withdrawal unknown',
  noAccountTitle: 'No account to withdraw from',
  noAccountBody: 'You need an open account of this kind to withdraw money from it.',
  noBankTitle: 'Link a bank to withdraw',
  noBankBody: 'Withdrawals go to a bank account in your name. Debit cards and wires cannot receive them.',
  unverifiedBankBody: 'Your bank accounts need to be verified (or relinked) before money can be sent to them.',
  linkBank: 'Link a bank account',
  awaitingTitle: (bank: string) => `${bank} is waiting for micro-deposits`,
  awaitingBody: 'Enter the two small amounts we sent to it, and you can withdraw to this bank.',
  verifyBank: 'Verify micro-deposits',
  footnote:
    'Withdrawals go to your bank at 4 pm New York time on business days. Money from a bank deposit cannot be withdrawn until it settles, nor money from a debit card until its 120-day hold ends.',
  loadFailed: "We couldn't load your accounts",
} as const;

const STEP_TITLES: Record<Exclude<WithdrawalStep, 'result'>, (variant: WithdrawalVariant) => string> = {
  amount: (variant) => WithdrawalMessages.titles[variant],
  review: () => WithdrawalMessages.review,
};


/** The link-bank flow over this page (the high-yield page limits its fallbacks to bank links). */
function useLinkBankPath(variant: WithdrawalVariant) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  params.set(variant === 'highYield' ? 'bankLinkHighYield' : 'bankLink', 'enabled');
  return `${location.pathname}?${params}`;
}

/**
 * The withdrawal pages: /settings/v2/withdrawal (brokerage), /ira/withdrawal (traditional or Roth IRA, with a
 * tax withholding choice and a distribution reason) and /high-yield/withdraw. Available to withdraw, amount,
 * destination bank; the review with Confirm; then the result. Closing returns to ?origin=, else the portfolio.
 */
export default function WithdrawalPage({ variant: forced }: { variant?: WithdrawalVariant }) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const variant = forced ?? withdrawalVariantForPath(location.pathname);
  const accounts = useGetAccountsQuery();
  const methods = useGetPaymentMethodsQuery();
  const flow = useAppSelector(selectWithdrawalState);

  // Open the flow once accounts and banks are known (again after a close): the account on show when the page
  // offers it, and the default bank.
  useEffect(() => {
    if (!accounts.isSuccess || !methods.isSuccess || flow.variant === variant) return;
    const sources = withdrawalSources(Object.values(accounts.data.entities), variant);
    const selected = selectSelectedAccount(store.getState());
    const source = sources.find((account) => account.accountUuid === selected?.accountUuid) ?? sources[0] ?? null;
    const bank = withdrawalBanks(Object.values(methods.data.entities))[0] ?? null;
    dispatch(withdrawalOpened({ variant, accountUuid: source?.accountUuid ?? null, paymentMethodId: bank?.id ?? null }));
  }, [accounts.isSuccess, methods.isSuccess, flow.variant, variant]);
  useEffect(() => () => void dispatch(withdrawalClosed()), []);

  const close = () => {
    dispatch(withdrawalClosed());
    navigate(safeOrigin(params.get('origin')) ?? '/portfolio');
  };

  const ready = accounts.isSuccess && methods.isSuccess && flow.variant === variant;
  let body: ReactNode;
  if (accounts.isError || methods.isError) {
    body = (
      <ErrorState
        title={WithdrawalMessages.loadFailed}
        body={errorMessage(accounts.error ?? methods.error)}
        onRetry={() => void Promise.all([accounts.refetch(), methods.refetch()])}
      />
    );
  } else if (!ready) {
    body = <Spinner label="Loading" />;
  } else if (flow.step === 'amount') {
    body = <AmountStep variant={variant} />;
  } else if (flow.step === 'review') {
    body = <ReviewStep />;
  } else {
    body = <ResultStep onClose={close} />;
  }

  const title = flow.step === 'result' || !ready ? WithdrawalMessages.titles[variant] : STEP_TITLES[flow.step](variant);
  return (
    <div className="page">
      <FlowFrame
        presentation="page"
        page="bar"
        block="ff-deposit"
        className="ff-withdrawal"
        title={title}
        onClose={close}
        onBack={ready && flow.step === 'review' && !flow.submitting ? () => dispatch(reviewBackPressed()) : undefined}
        onCancel={flow.step !== 'result' ? close : undefined}
      >
        {body}
      </FlowFrame>
    </div>
  );
}


// ---- amount, from, to (and the IRA choices) ----

function AmountStep({ variant }: { variant: WithdrawalVariant }) {
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectWithdrawalState);
  const sources = useAppSelector(selectWithdrawalSources);
  const source = useAppSelector(selectWithdrawalSource);
  const banks = useAppSelector(selectWithdrawalBanks);
  const awaiting = useAppSelector(selectWithdrawalBanksAwaitingMicroDeposits);
  const hasAnyBank = useAppSelector(selectAllPaymentMethods).some((method) => isBankMethodType(method.type) && method.status !== 'CANCELED');
  const available = useGetAvailableToWithdrawQuery(flow.accountUuid ?? '', { skip: !flow.accountUuid });
  const accounts = useGetAccountsQuery();
  const availableCents = useAppSelector(selectAvailableCents);
  const linkBankPath = useLinkBankPath(variant);
  const [amount, setAmount] = useState(flow.amountCents === null ? '' : centsToAmountInput(flow.amountCents));
  const amountCents = amountInputToCents(amount);
  const problem = useAppSelector((state) => selectWithdrawalNextProblem(state, amountCents));
  const amountMessage = amount === '' ? null : amountProblemMessage(problem === 'tooSmall' || problem === 'overAvailable' ? problem : null, availableCents);

  if (sources.length === 0) {
    return (
      <EmptyState
        title={WithdrawalMessages.noAccountTitle}
        body={WithdrawalMessages.noAccountBody}
        action={
          <Link to="/portfolio" className={buttonClassName('primary')}>
            Back to portfolio
          </Link>
        }
      />
    );
  }

  const pending = available.data ? moneyToCents(available.data.pendingWithdrawals) : 0;
  const hints = pending > 0 ? `${formatCents(pending)} is already on its way to your bank.` : '';
  const holds = available.data ? holdLines(available.data.holds, available.data.accountUuid, Object.values(accounts.data?.entities ?? {})) : [];

  const submit = (event: React.FormEvent) => {
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
              <Link to={linkBankPath} className={buttonClassName('primary', 'sm')}>
                {WithdrawalMessages.linkBank}
              </Link>
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

function IraChoices({ amountCents }: { amountCents: number | null }) {
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectWithdrawalState);
  const withheld = amountCents !== null && flow.withholdingPercent !== null ? withheldCents(amountCents, flow.withholdingPercent) : null;
  return (
    <fieldset className="ff-withdrawal__ira">
      <legend>Tax choices for this distribution</legend>
      <SelectField
        label="Reason for the distribution"
        value={flow.distributionReason ?? ''}
        onChange={(value) => dispatch(distributionReasonChosen(value as DistributionReason))}
        options={DISTRIBUTION_REASONS.map((reason) => ({ value: reason, label: DISTRIBUTION_REASON_LABELS[reason] }))}
        placeholder="Choose a reason"
        hint="Early distributions (before age 59½) may owe a 10% additional tax unless an IRS exception applies."
      />
      <Chips
        label="Federal income tax withholding"
        options={WITHHOLDING_PERCENT_CHOICES.map((percent) => ({ value: String(percent), label: percent === 10 ? '10% (IRS default)' : `${percent}%` }))}
        value={flow.withholdingPercent === null ? null : String(flow.withholdingPercent)}
        onChange={(value) => dispatch(withholdingChosen(Number(value)))}
      />
      {withheld !== null && amountCents !== null ? (
        <p className="ff-deposit__hint">
          {formatCents(withheld)} withheld for federal tax; {formatCents(amountCents - withheld)} goes to your bank. State tax is not withheld.
        </p>
      ) : null}
    </fieldset>
  );
}

// ---- review ----

function ReviewStep() {
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectWithdrawalState);
  const source = useAppSelector(selectWithdrawalSource);
  const bank = useAppSelector(selectWithdrawalBank);
  // Cached from the amount step: when a withdrawal made now arrives, on the server's clock and bank calendar.
  const available = useGetAvailableToWithdrawQuery(flow.accountUuid ?? '', { skip: !flow.accountUuid });
  const amountCents = flow.amountCents ?? 0;
  const ira = flow.variant === 'ira';
  const withheld = ira && flow.withholdingPercent !== null ? withheldCents(amountCents, flow.withholdingPercent) : 0;

  return (
    <div className="ff-deposit__review">
      <div className="ff-deposit__summary-amount">
        <Amount cents={amountCents} size="xl" />
        <p className="ff-deposit__caption">will be withdrawn</p>
      </div>
      <dl className="ff-deposit__rows">
        <ReviewRow label="From" value={source ? accountLabel(source) : ''} />
        <ReviewRow label="To" value={bank ? methodLabel(bank) : ''} />
        {ira && flow.distributionReason ? <ReviewRow label="Reason" value={DISTRIBUTION_REASON_LABELS[flow.distributionReason]} /> : null}
        {ira ? <ReviewRow label={`Federal tax withheld (${flow.withholdingPercent ?? 0}%)`} value={formatCents(withheld)} /> : null}
        {available.data ? <ReviewRow label="Arrives" value={formatBankDay(available.data.arrivesOn)} /> : null}
        <ReviewRow label="You receive" value={formatCents(amountCents - withheld)} strong />
      </dl>
      <p className="ff-deposit__footnote">{WithdrawalMessages.footnote}</p>
      <Button fullWidth onClick={() => void dispatch(withdrawalConfirmPressed())} loading={flow.submitting}>
        Confirm
      </Button>
      {flow.submitting ? (
        <span className="ff-visually-hidden" role="status">
          Sending your withdrawal
        </span>
      ) : null}
    </div>
  );
}

// ---- results ----

function ResultStep({ onClose }: { onClose(): void }) {
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectWithdrawalState);
  const bank = useAppSelector(selectWithdrawalBank);
  const withdrawals = useGetWithdrawalsQuery(undefined, { skip: flow.outcome?.kind !== 'success' });
  const outcome = flow.outcome;
  if (!outcome) return null;

  if (outcome.kind === 'success') {
    const made = withdrawals.data?.entities[outcome.withdrawalId];
    const net = made ? moneyToCents(made.netAmount) : null;
    return (
      <Result tone="success" title={WithdrawalMessages.successTitle}>
        <p className="ff-deposit__result-body" role="status">
          {net !== null && made
            ? `${formatCents(net)} is on its way to ${bank ? methodLabel(bank) : 'your bank'}. It should arrive by ${formatBankDay(made.arrivalDate)}.`
            : `Your withdrawal is on its way to ${bank ? methodLabel(bank) : 'your bank'}.`}
        </p>
        <div className="ff-deposit__actions">
          <Button fullWidth onClick={onClose}>
            Done
          </Button>
          <Link to="/settings/v2/transfers/history" className={buttonClassName('secondary', 'md', true)}>
            View transfer history
          </Link>
        </div>
      </Result>
    );
  }
  if (outcome.kind === 'refused') {
    return (
      <Result tone="error" title={WithdrawalMessages.refusedTitle}>
        <p className="ff-deposit__result-body" role="alert">
          {outcome.message}
        </p>
        <div className="ff-deposit__actions">
          <Button fullWidth onClick={() => dispatch(editPressed())}>
            Edit withdrawal
          </Button>
          <Button fullWidth variant="secondary" onClick={onClose}>
            Dismiss
          </Button>
        </div>
      </Result>
    );
  }
  return (
    <Result tone="pending" title={WithdrawalMessages.unknownTitle}>
      <p className="ff-deposit__result-body" role="alert">
        {outcome.message}
      </p>
      <div className="ff-deposit__actions">
        <Button fullWidth onClick={() => void dispatch(withdrawalConfirmPressed())} loading={flow.submitting}>
          Try again
        </Button>
        <Button fullWidth variant="secondary" onClick={onClose} disabled={flow.submitting}>
          Done
        </Button>
      </div>
    </Result>
  );
}

function Result({ tone, title, children }: { tone: 'success' | 'error' | 'pending'; title: string; children: ReactNode }) {
  const Icon = tone === 'success' ? CheckCircleIcon : tone === 'pending' ? ClockIcon : AlertIcon;
  return (
    <div className="ff-deposit__result">
      <span className={`ff-deposit__result-icon ff-deposit__result-icon--${tone}`}>
        <Icon size={28} />
      </span>
      <h2 className="ff-withdrawal__result-title">{title}</h2>
      {children}
    </div>
  );
}
