import { ManageFundingMethods } from './ManageFundingMethods';

/**
 * /settings/v2/transfers: in the newer settings layout the funding methods live on the Transfers page
 * (section 2.1 maps /settings/funding-methods there). Recurring deposits and ACAT transfers join it with their issues.
 */
export default function TransfersPage() {
  return (
    <div className="page">
      <h1 className="page-title">Transfers</h1>
      <ManageFundingMethods />
    </div>
  );
}
