import { useNavigate, useSearchParams } from 'react-router';
import { safeOrigin } from '../../src/routes/safeOrigin';
import IraDepositFlow from './IraDepositFlow';
import { depositLinkKey } from '../deposits/depositLinkKey';

/** Where a closed deposit returns: the `origin` query parameter when it is one of our paths, else the portfolio. */
export const returnPath = (origin: string | null): string => safeOrigin(origin) ?? '/portfolio';

/** /settings/ira-deposit: the IRA deposit as a full route (`account` picks the IRA by its last digits). */
export default function IraDepositPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  return (
    <div className="page">
      <IraDepositFlow
        key={depositLinkKey(params)}
        presentation="page"
        accountDigits={params.get('account')}
        onClose={() => void navigate(returnPath(params.get('origin')))}
      />
    </div>
  );
}
