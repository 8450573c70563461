import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { selectFlags, useGetConfigQuery } from '../api/configApi';
import { useGetAccountsQuery } from '../api/accountsApi';
import { useLogoutMutation } from '../api/authApi';
import { FLAG_LOAD_TIMEOUT_MS, VARIANT_LABELS } from '../api/contract/values';
import { configWaitExpired, selectConfigSettled } from '../features/config/configSlice';
import { accountSelected, selectSelectableAccounts, selectSelectedAccount } from '../features/accountSelection/accountSelectionSlice';
import { selectCurrentUser } from '../features/session/sessionSlice';
import { selectToasts, toastDismissed } from '../features/notifications/toastsSlice';
import { FundingFlowGate } from '../features/fundingMethods/FundingFlowGate';
import { newerSettingsPath } from './routes/settingsPaths';
import { AppShell, Button, FullScreenLoader, LogoutIcon, ToastViewport } from './ui';

const TOAST_LIFETIME_MS = 6000;

function AccountSwitcher() {
  const dispatch = useAppDispatch();
  const selectable = useAppSelector(selectSelectableAccounts);
  const selected = useAppSelector(selectSelectedAccount);
  if (selectable.length < 2 || !selected) return null;
  return (
    <label className="account-switcher">
      <span className="visually-hidden">Account</span>
      <select value={selected.account} onChange={(event) => dispatch(accountSelected(event.target.value))}>
        {selectable.map((account) => (
          <option key={account.accountUuid} value={account.account}>
            {VARIANT_LABELS[account.variant]}
          </option>
        ))}
      </select>
    </label>
  );
}

export function AppLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const flags = useAppSelector(selectFlags);
  const user = useAppSelector(selectCurrentUser);
  const toasts = useAppSelector(selectToasts);
  const [logout, { isLoading: signingOut }] = useLogoutMutation();
  const configSettled = useAppSelector(selectConfigSettled);
  useGetConfigQuery();
  useGetAccountsQuery();

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

  const mapped = newerSettingsPath(location.pathname, location.search, flags.newerSettingsLayout);
  if (mapped) return <Navigate to={mapped} replace />;

  const settings = flags.newerSettingsLayout ? '/settings/v2' : '/settings';
  const nav = [
    { to: '/portfolio', label: 'Portfolio' },
    { to: `${settings}/deposit`, label: 'Deposit' },
    { to: flags.newerSettingsLayout ? '/settings/v2/transfers' : '/settings/funding-methods', label: 'Funding methods' },
    { to: '/settings/v2/withdrawal', label: 'Withdraw' },
  ].map((item) => ({ ...item, active: location.pathname === item.to }));

  const signOut = async () => {
    await logout().unwrap().catch(() => undefined);
    navigate('/login', { replace: true });
  };

  return (
    <AppShell
      nav={nav}
      renderLink={(item, className) => (
        <Link to={item.to} className={className} aria-current={item.active ? 'page' : undefined}>
          {item.label}
        </Link>
      )}
      headerEnd={
        <>
          <AccountSwitcher />
          <Button variant="ghost" size="sm" onClick={signOut} loading={signingOut} aria-label={user ? `Sign out ${user.firstName}` : 'Sign out'}>
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
