import { lazy, startTransition, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from 'react-router';
import { useGetAccountsQuery, selectAllAccounts } from '../../api/accountsApi';
import { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import { useGetHighYieldAccountQuery } from '../../api/highYieldApi';
import { useGetPortfolioQuery } from '../../api/portfolioApi';
import { errorMessage } from '../../api/apiError';
import { isHighYieldVariant, isIraVariant, moneyToCents, VARIANT_LABELS } from '../../api/contract/values';
import type { Account, PaymentMethod } from '../../api/contract';
import { useAppSelector } from '../../store/hooks';
import { selectSelectedAccount } from '../accountSelection/accountSelectionSlice';
import { selectCurrentUser } from '../session/sessionSlice';
import {
  maskedNumber,
  METHOD_ATTENTION_LABELS,
  PAYMENT_METHOD_TYPE_LABELS,
  selectPaymentMethodAttention,
  selectPaymentMethodsList,
  selectVerifiableMicroDepositMethods,
} from '../paymentMethods/paymentMethodList';
import { useAppDispatch } from '../../store/hooks';
import {
  Amount,
  Badge,
  BankIcon,
  Button,
  buttonClassName,
  Card,
  CardIcon,
  EmptyState,
  ErrorState,
  ListRow,
  Notice,
  Spinner,
  WireIcon,
} from '../../ui';
import { selectFlags } from '../../api/configApi';
import { TransferBetweenAccountsButton } from '../transfers/internalTransferEntry';
import { CLOSED_ACCOUNT_NOTE, selectMoneyActionsShown } from '../session/customerStanding';
import { loadPortfolioDetails } from './warmPortfolio';
import { LazyBoundary } from '../errorRecovery/AppErrorBoundary';
import { isChunkLoadError, reloadForNewerBuild } from '../errorRecovery/chunkReload';
import { toastShown } from '../notifications/toastsSlice';

/**
 * The deposit entry for the account on show: `regularDeposit=enabled` on this page, so the funding host opens the
 * flow that fits (a modal when that flag is on, else its route; the retirement variant for an IRA).
 */
export function depositLinkFor(account: Pick<Account, 'accountUuid' | 'variant'>): string {
  const destination = isIraVariant(account.variant) ? account.accountUuid : isHighYieldVariant(account.variant) ? 'high-yield' : 'us';
  return `/portfolio?regularDeposit=enabled&destination=${encodeURIComponent(destination)}`;
}

// Positions and balances are their own chunk, loaded alongside the page's data.
const PortfolioDetails = lazy(loadPortfolioDetails);

/** Whether the details' code has arrived (or failed: then their LazyBoundary shows what it can). */
function useDetailsCodeLoaded(wanted: boolean): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!wanted) return undefined;
    let live = true;
    const done = () => {
      if (live) setLoaded(true);
    };
    loadPortfolioDetails().then(done, done);
    return () => {
      live = false;
    };
  }, [wanted]);
  return loaded;
}

/**
 * The page reveals its cards in two steps, each all at once: cards filling in one by one pushed the ones below
 * them down the screen (a layout shift of 0.77 on a phone, measured by Lighthouse). First the top of the page,
 * the micro-deposit notices and the balance card, as soon as the accounts and payment methods are in (both are
 * asked for with the session restore); then, below it, everything else once the portfolio, the high-yield
 * account and the details' code are in. Content added below what is shown moves nothing, and the balance, the
 * page's largest text, is not held back by the slower answers. After a reveal each card shows its own loading
 * state, as before.
 *
 * Each step is first rendered at its reveal, as a transition: React renders that tree in slices between which
 * the browser stays responsive. Store answers re-render synchronously (useSyncExternalStore), so cards rendered
 * hidden while the answers came in made each answer one long task.
 */
function useRevealed(settled: boolean): boolean {
  const [revealed, setRevealed] = useState(settled);
  useEffect(() => {
    if (settled) startTransition(() => setRevealed(true));
  }, [settled]);
  return revealed;
}

const STATUS_TONE = { OPEN: 'success', PENDING: 'warning', ACTION_REQUIRED: 'danger' } as const;
const STATUS_LABEL = { OPEN: 'Open', PENDING: 'Pending', ACTION_REQUIRED: 'Action required' } as const;

function methodIcon(method: PaymentMethod) {
  if (method.type === 'DEBIT_CARD') return <CardIcon />;
  if (method.type === 'WIRE_TRANSFER') return <WireIcon />;
  return <BankIcon />;
}

function AccountRow({ account, selected }: { account: Account; selected: boolean }) {
  return (
    <li>
      <ListRow
        title={account.displayName || VARIANT_LABELS[account.variant]}
        subtitle={
          account.displayName && account.displayName !== VARIANT_LABELS[account.variant]
            ? `${VARIANT_LABELS[account.variant]} · ${maskedNumber(account.account)}`
            : maskedNumber(account.account)
        }
        badge={selected ? 'Selected' : undefined}
        trailing={
          <span className="row-trailing">
            <Amount cents={moneyToCents(account.balance)} size="sm" />
            <Badge tone={STATUS_TONE[account.status]}>{STATUS_LABEL[account.status]}</Badge>
          </span>
        }
      />
    </li>
  );
}

/** Micro-deposit banks waiting for their two amounts: the customer finalizes the link from home (2.5). */
function FinalizeBankLink() {
  const dispatch = useAppDispatch();
  const pending = useAppSelector(selectVerifiableMicroDepositMethods);
  const [opening, setOpening] = useState<string | null>(null);
  if (pending.length === 0) return null;
  // The verify dialog's slice comes with the funding host's chunk (the dialog needs that chunk anyway), so the
  // first bundle carries neither; the button spins while it loads.
  const openVerify = (paymentMethodId: string) => {
    // The button is disabled while it spins, which drops its focus; it gets it back before the dialog opens, so the
    // dialog returns focus to it when it closes (keyboard and screen-reader users stay where they were).
    const trigger = document.activeElement;
    setOpening(paymentMethodId);
    import(/* webpackChunkName: "funding-host" */ '../fundingMethods/microDepositVerifySlice').then(
      ({ microDepositVerifyOpened }) => {
        flushSync(() => setOpening(null));
        if (trigger instanceof HTMLElement && trigger.isConnected) trigger.focus();
        dispatch(microDepositVerifyOpened(paymentMethodId));
      },
      (error: unknown) => {
        setOpening(null);
        // An older build's chunk, gone after a deploy: reload once for the new one, as every lazy part does.
        if (!(isChunkLoadError(error) && reloadForNewerBuild()))
          dispatch(toastShown("We couldn't open the bank link. Please try again.", 'error'));
      },
    );
  };
  return (
    <>
      {pending.map((method) => (
        <Notice
          key={method.id}
          tone="info"
          title="Confirm your micro-deposits"
          action={
            <Button size="sm" loading={opening === method.id} onClick={() => openVerify(method.id)}>
              Finalize bank link
            </Button>
          }
        >
          When the two small deposits reach {method.displayName} ({maskedNumber(method.paymentMethodNumber)}), enter their amounts to finish
          linking it.
        </Notice>
      ))}
    </>
  );
}

export function PortfolioPage() {
  const user = useAppSelector(selectCurrentUser);
  const moneyActionsShown = useAppSelector(selectMoneyActionsShown);
  const flags = useAppSelector(selectFlags);
  const accountsQuery = useGetAccountsQuery();
  const methodsQuery = useGetPaymentMethodsQuery();
  const accounts = useAppSelector(selectAllAccounts);
  const selected = useAppSelector(selectSelectedAccount);
  const methods = useAppSelector(selectPaymentMethodsList);
  const methodsPath = flags.newerSettingsLayout ? '/settings/v2/transfers' : '/settings/funding-methods';
  // The details' own requests start here too, so they run alongside the details' code instead of after it.
  const portfolioQuery = useGetPortfolioQuery(selected?.accountUuid ?? skipToken);
  const highYieldQuery = useGetHighYieldAccountQuery(selected ? undefined : skipToken);
  const topRevealed = useRevealed(!accountsQuery.isLoading && !methodsQuery.isLoading);
  const detailsCodeLoaded = useDetailsCodeLoaded(selected !== null);
  const restRevealed = useRevealed(
    topRevealed && !portfolioQuery.isLoading && !highYieldQuery.isLoading && (selected === null || detailsCodeLoaded),
  );

  return (
    <div className="page portfolio">
      <h1 className="visually-hidden">Portfolio</h1>
      {topRevealed ? (
        <div className="portfolio__cards">
          <FinalizeBankLink />
          <Card as="section" title={selected ? `${VARIANT_LABELS[selected.variant]} balance` : 'Balance'}>
            {accountsQuery.isLoading ? (
              <Spinner label="Loading balance" />
            ) : accountsQuery.isError ? (
              <ErrorState
                title="We couldn't load your accounts"
                body={errorMessage(accountsQuery.error)}
                onRetry={() => void accountsQuery.refetch()}
              />
            ) : selected ? (
              <div className="balance-hero">
                <Amount cents={moneyToCents(selected.balance)} size="xl" />
                <p className="muted">
                  {user ? `${user.firstName} ${user.lastName} · ` : ''}
                  {maskedNumber(selected.account)}
                </p>
                {moneyActionsShown ? (
                  <Link className={buttonClassName('primary', 'md', false)} to={depositLinkFor(selected)}>
                    Deposit funds
                  </Link>
                ) : (
                  <p className="muted">{CLOSED_ACCOUNT_NOTE}</p>
                )}
              </div>
            ) : (
              <EmptyState title="No accounts yet" body="Once your application is approved your accounts appear here." />
            )}
          </Card>

          {restRevealed ? (
            <RestOfPortfolio
              selected={selected}
              accountsQuery={accountsQuery}
              accounts={accounts}
              methodsQuery={methodsQuery}
              methods={methods}
              methodsPath={methodsPath}
            />
          ) : (
            <div className="page-loading">
              <Spinner label="Loading your portfolio" />
            </div>
          )}
        </div>
      ) : (
        <div className="page-loading">
          <Spinner label="Loading your portfolio" />
        </div>
      )}
    </div>
  );
}

interface RestOfPortfolioProps {
  selected: Account | null;
  accountsQuery: ReturnType<typeof useGetAccountsQuery>;
  accounts: Account[];
  methodsQuery: ReturnType<typeof useGetPaymentMethodsQuery>;
  methods: PaymentMethod[];
  methodsPath: string;
}

/** Below the balance: positions and balances, the accounts and the funding methods (revealed together). */
function RestOfPortfolio({ selected, accountsQuery, accounts, methodsQuery, methods, methodsPath }: RestOfPortfolioProps) {
  const attention = useAppSelector(selectPaymentMethodAttention);
  const moneyActionsShown = useAppSelector(selectMoneyActionsShown);
  return (
    <>
      {selected ? (
        <LazyBoundary fallback={<Spinner label="Loading your portfolio" codeLoading />}>
          <PortfolioDetails accountUuid={selected.accountUuid} />
        </LazyBoundary>
      ) : null}

      <Card as="section" title="Your accounts">
        {accountsQuery.isLoading ? (
          <Spinner label="Loading accounts" />
        ) : accounts.length === 0 ? (
          <EmptyState title="No accounts yet" body="Once your application is approved your accounts appear here." />
        ) : (
          <>
            <ul className="row-list" aria-label="Accounts">
              {accounts.map((account) => (
                <AccountRow key={account.accountUuid} account={account} selected={account.accountUuid === selected?.accountUuid} />
              ))}
            </ul>
            {accounts.length > 1 && moneyActionsShown ? <TransferBetweenAccountsButton fullWidth /> : null}
          </>
        )}
      </Card>

      <Card
        as="section"
        title="Funding methods"
        actions={
          moneyActionsShown ? (
            <Link to={methodsPath} className="text-link">
              Manage
            </Link>
          ) : undefined
        }
      >
        {methodsQuery.isLoading ? (
          <Spinner label="Loading funding methods" />
        ) : methodsQuery.isError ? (
          <ErrorState
            title="We couldn't load your funding methods"
            body={errorMessage(methodsQuery.error)}
            onRetry={() => void methodsQuery.refetch()}
          />
        ) : methods.length === 0 ? (
          <EmptyState
            title="No funding methods yet"
            body="Link up to three bank accounts and one debit card."
            action={
              moneyActionsShown ? (
                <Link className={buttonClassName('secondary', 'md', false)} to={methodsPath}>
                  Add funding method
                </Link>
              ) : undefined
            }
          />
        ) : (
          <ul className="row-list" aria-label="Funding methods">
            {methods.map((method) => (
              <li key={method.id}>
                <ListRow
                  icon={methodIcon(method)}
                  title={method.displayName}
                  subtitle={`${PAYMENT_METHOD_TYPE_LABELS[method.type]} · ${maskedNumber(method.paymentMethodNumber)}`}
                  badge={method.defaultPaymentMethod ? '(Default)' : undefined}
                  trailing={
                    attention[method.id] ? <Badge tone="warning">{METHOD_ATTENTION_LABELS[attention[method.id]]}</Badge> : undefined
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
