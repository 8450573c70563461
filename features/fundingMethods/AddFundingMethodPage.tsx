import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button, ChevronLeftIcon } from '../../ui';
import { selectFlags } from '../../api/configApi';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { safeRedirectPath } from '../session/postLoginRoute';
import type { FundingOptionKind } from '../paymentMethods/paymentMethodSelectors';
import { ChooseFundingMethodPanel } from './ChooseFundingMethod';
import { fundingFlowOpened } from './fundingModalSlice';
import { settingsPaths } from './fundingQuery';

/** /settings/funding-methods/add-funding-method and /settings/v2/add-funding-methods: the choice as a page. */
export default function AddFundingMethodPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const paths = settingsPaths(useAppSelector(selectFlags).newerSettingsLayout);
  const askedOrigin = safeRedirectPath(params.get('origin'));
  const origin = askedOrigin ?? paths.fundingMethods;
  // The way out, visible at every width (a phone has no other on this page): where the customer came from, or
  // the funding methods when the page was opened directly.
  const back = () => {
    if (askedOrigin || location.key === 'default') navigate(origin);
    else navigate(-1);
  };
  const mode = params.get('mode') === 'withdrawal' ? 'withdrawal' : 'funding';

  function next(kind: FundingOptionKind) {
    if (kind === 'bank') navigate(`${paths.bankLink}?${new URLSearchParams({ origin })}`);
    else if (kind === 'wire') navigate(paths.wireTransfer);
    else dispatch(fundingFlowOpened({ modal: kind === 'debitCard' ? 'debitCard' : 'microDeposit' }));
  }

  return (
    <div className="page">
      <Button variant="ghost" size="sm" className="funding-methods__back" onClick={back}>
        <ChevronLeftIcon size={18} /> Back
      </Button>
      <h1 className="page-title">Add funding method</h1>
      <ChooseFundingMethodPanel mode={mode} onNext={next} />
    </div>
  );
}
