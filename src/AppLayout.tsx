import { useEffect, useEffectEvent } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { AppLink } from '../features/navigation/AppLink';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { selectFlags, useGetConfigQuery } from '../api/configApi';
import { useGetAccountsQuery } from '../api/accountsApi';
import { useLogoutMutation } from '../api/authApi';
import { FLAG_LOAD_TIMEOUT_MS, VARIANT_LABELS } from '../api/contract/values';
import { configWaitExpired, selectConfigSettled } from '../features/config/configSlice';
import { useMarketClock } from '../features/config/useMarketClock';
import { accountSelected, selectSelectableAccounts, selectSelectedAccount } from '../features/accountSelection/accountSelectionSlice';
import {
  ACCOUNT_LOADING_PARAM,
  ACCOUNT_SWITCH_LOADER_MS,
  addressAfterSwitch,
  parseAccountLoading,
  switchingAddress,
  switchingMessage,
} from '../features/accountSelection/accountSwitch';
import { selectCurrentUser } from '../features/session/sessionSlice';
import { selectMoneyActionsShown } from '../features/session/customerStanding';
import { markSignedOut } from '../features/session/signedOutMarker';
import { selectToasts, toastDismissed } from '../features/notifications/toastsSlice';
import { FundingFlowGate } from '../features/fundingMethods/FundingFlowGate';
import HeaderSearch from '../features/instrumentSearch/HeaderSearch';
import { HelpMenu } from '../features/support/HelpMenu';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { useLiveEventsConnection } from '../features/liveEvents/useLiveEventsConnection';
import { newerSettingsPath } from './routes/settingsPaths';
import { AppShell, Button, FullScreenLoader, ListboxSelect, LogoutIcon, ToastViewport } from '../ui';

const TOAST_LIFETIME_MS = 6000;

function AccountSwitcher() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const selectable = useAppSelector(selectSelectableAccounts);
  const selected = useAppSelector(selectSelectedAccount);
  if (selectable.length < 2 || !selected) return null;
  const switchTo = (number: string) => {
    const account = selectable.find((candidate) => candidate.account === number);
    if (!account || account.account === selected.account) return;
    dispatch(accountSelected(number));
    // The loader is driven by the address, so a link with ?accountLoading= shows the same thing.
    navigate(switchingAddress(location.pathname, location.search, account.variant));
  };
  // Arrow keys only move through the accounts; Enter or a click switches (a switch reloads the page's data).
  return (
    <ListboxSelect
      className="account-switcher"
      label="Account"
      value={selected.account}
      options={selectable.map((account) => ({ value: account.account, label: VARIANT_LABELS[account.variant] }))}
      onChange={switchTo}
    />
  );
}

/**
 * What the layout keeps running in the background, the server's clock and the live events channel, in a
 * component of its own: both wait for the page's first content (features/pageLoad/firstContent.ts), and their
 * start and their answers then re-render this, not the header and navigation. A sibling of the layout's content, it
 * stays mounted under the layout's loaders, so an account switch does not reopen the channel.
 */
function LayoutBackground() {
  useMarketClock();
  useLiveEventsConnection();
  return null;
}

/** The layout asks for these for the whole app; their loading states are the pages' to show, not the layout's. */
const NOTHING_FROM_RESULT = { selectFromResult: () => ({}) };

export function AppLayout() {
  return (
    <>
      <LayoutContent />
      <LayoutBackground />
    </>
  );
}

function LayoutContent() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const flags = useAppSelector(selectFlags);
  const user = useAppSelector(selectCurrentUser);
  const moneyActionsShown = useAppSelector(selectMoneyActionsShown);
  const toasts = useAppSelector(selectToasts);
  const [logout, { isLoading: signingOut }] = useLogoutMutation();
  const configSettled = useAppSelector(selectConfigSettled);
  const selectable = useAppSelector(selectSelectableAccounts);
  const switchingTo = parseAccountLoading(new URLSearchParams(location.search).get(ACCOUNT_LOADING_PARAM));
  useGetConfigQuery(undefined, NOTHING_FROM_RESULT);
  useGetAccountsQuery(undefined, NOTHING_FROM_RESULT);

  // ?accountLoading=<variant>: the 'Switching to …' loader for 2 seconds, then the portfolio from a deposit,
  // withdrawal or settings page (deposits-and-transfers.md section 2). A link naming another account selects it.
  const switchTarget = switchingTo ? selectable.find((account) => account.variant === switchingTo) : undefined;
  const selectedNumber = useAppSelector(selectSelectedAccount)?.account;
  useEffect(() => {
    if (switchTarget && switchTarget.account !== selectedNumber) dispatch(accountSelected(switchTarget.account));
  }, [switchTarget, selectedNumber, dispatch]);
  // Restarted only by a new switch or address; the accounts arriving later, or a new #hash, must not restart the
  // 2 seconds. Where it goes is read when the switch starts.
  const addressAfterThisSwitch = useEffectEvent(() => addressAfterSwitch(location.pathname, location.search, location.hash));
  useEffect(() => {
    if (!switchingTo) return;
    const address = addressAfterThisSwitch();
    const timer = window.setTimeout(() => {
      navigate(address, { replace: true });
    }, ACCOUNT_SWITCH_LOADER_MS);
    return () => window.clearTimeout(timer);
  }, [switchingTo, location.pathname, location.search, navigate]);

  useEffect(() => {
    if (configSettled) return;
    const timer = window.setTimeout(() => dispatch(configWaitExpired()), FLAG_LOAD_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [configSettled, dispatch]);

  useEffect(() => {
    if (toasts.length === 0) return;
    const oldest = toasts[0];
    const timer = window.setTimeout(() => dispatch(toastDismissed(oldest.id)), TOAST_LIFETIME_MS);
    return () => window.clearTimeout(timer);
  }, [toasts, dispatch]);

  if (!configSettled) return <FullScreenLoader message="Loading Fundflow…" />;
  if (switchingTo) return <FullScreenLoader message={switchingMessage(switchingTo)} />;

  const mapped = newerSettingsPath(location.pathname, location.search, flags.newerSettingsLayout);
  if (mapped) return <Navigate to={mapped} replace />;

  const settings = flags.newerSettingsLayout ? '/settings/v2' : '/settings';
  const nav = [
    { to: '/portfolio', label: 'Portfolio' },
    { to: `${settings}/deposit`, label: 'Deposit', moneyAction: true },
    { to: flags.newerSettingsLayout ? '/settings/v2/transfers' : '/settings/funding-methods', label: 'Funding methods' },
    { to: '/settings/v2/withdrawal', label: 'Withdraw', moneyAction: true },
    { to: flags.newerSettingsLayout ? '/settings/v2/account-statements' : '/settings/documents', label: 'Documents' },
    { to: `${settings}/personal-info`, label: 'Profile' },
  ]
    .filter((item) => moneyActionsShown || !item.moneyAction)
    .map(({ to, label }) => ({ to, label, active: location.pathname === to }));

  const signOut = async () => {
    markSignedOut();
    await logout()
      .unwrap()
      .catch(() => undefined);
    navigate('/login', { replace: true });
  };

  return (
    <AppShell
      nav={nav}
      renderLink={(item, className) => (
        <AppLink to={item.to} className={className} aria-current={item.active ? 'page' : undefined}>
          {item.label}
        </AppLink>
      )}
      headerSearch={<HeaderSearch />}
      headerEnd={
        <>
          <AccountSwitcher />
          <NotificationBell />
          <HelpMenu />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void signOut()}
            loading={signingOut}
            aria-label={user ? `Sign out ${user.firstName}` : 'Sign out'}
          >
            <LogoutIcon /> <span className="hide-narrow">Sign out</span>
          </Button>
        </>
      }
    >
      <Outlet />
      <FundingFlowGate />
      <ToastViewport toasts={toasts} onDismiss={(id) => dispatch(toastDismissed(id))} />
    </AppShell>
  );
}
