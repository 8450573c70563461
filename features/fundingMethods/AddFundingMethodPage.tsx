import { useNavigate, useSearchParams } from 'react-router';
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
  const [params] = useSearchParams();
  const paths = settingsPaths(useAppSelector(selectFlags).newerSettingsLayout);
  const origin = safeRedirectPath(params.get('origin')) ?? paths.fundingMethods;
  const mode = params.get('mode') === 'withdrawal' ? 'withdrawal' : 'funding';

  function next(kind: FundingOptionKind) {
    if (kind === 'bank') navigate(`${paths.bankLink}?${new URLSearchParams({ origin })}`);
    else if (kind === 'wire') navigate(paths.wireTransfer);
    else dispatch(fundingFlowOpened({ modal: kind === 'debitCard' ? 'debitCard' : 'microDeposit' }));
  }

  return (
    <div className="page">
      <h1 className="page-title">Add funding method</h1>
      <ChooseFundingMethodPanel mode={mode} onNext={next} />
    </div>
  );
}
