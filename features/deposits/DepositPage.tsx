import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { selectAllAccounts } from '../../api/accountsApi';
import { selectFlags } from '../../api/configApi';
import { useAppSelector } from '../../store/hooks';
import { selectFundingModalState } from '../fundingMethods/fundingModalSlice';
import { safeOrigin } from '../../src/routes/safeOrigin';
import DepositFlow from './DepositFlow';
import { depositLinkKey } from './depositLinkKey';
import { accountDigitsOf, retirementDestination } from './iraDestination';

/** Where the customer manages recurring deposits, in either settings layout. */
export const recurringListPath = (newerSettingsLayout: boolean) =>
  newerSettingsLayout ? '/settings/v2/transfers#recurring-deposits' : '/settings/recurring-deposits';

/**
 * The deposit funds flow as a full route: /settings/deposit?destination=us, /settings/v2/deposit and
 * /high-yield/deposit?destination=high-yield. Closing returns to ?origin=; without one, a new recurring deposit
 * goes to the list of schedules and anything else to the portfolio.
 */
export default function DepositPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const flags = useAppSelector(selectFlags);
  const retirement = retirementDestination(params.get('destination'), useAppSelector(selectAllAccounts));
  const fundingModal = useAppSelector(selectFundingModalState).modal;
  // A link with regularDeposit=enabled belongs to the funding host, here as on any page: it opens the same flow
  // (the IRA variant for an IRA destination), over this page or on its own route. This page's flow steps aside
  // meanwhile, since both would run on the one deposit draft; it starts afresh once that flow is closed.
  if (params.get('regularDeposit') === 'enabled' || fundingModal === 'deposit' || fundingModal === 'recurringDeposit') {
    return <div className="page" />;
  }
  if (retirement) {
    // An IRA destination takes the retirement variant, which asks for the contribution year.
    const query = new URLSearchParams({ account: accountDigitsOf(retirement) });
    const origin = safeOrigin(params.get('origin'));
    if (origin) query.set('origin', origin);
    return <Navigate replace to={`/settings/ira-deposit?${query}`} />;
  }
  return (
    <div className="page">
      <DepositFlow
        key={depositLinkKey(params)}
        presentation="page"
        onClose={(fromStep) =>
          void navigate(
            safeOrigin(params.get('origin')) ??
              (fromStep === 'recurring-deposit-success' ? recurringListPath(flags.newerSettingsLayout) : '/portfolio'),
          )
        }
      />
    </div>
  );
}
