import { ManageFundingMethods } from './ManageFundingMethods';

/** /settings/funding-methods and /settings/payment-methods (the older settings layout). */
export default function FundingMethodsPage() {
  return (
    <div className="page">
      <h1 className="page-title">Funding methods</h1>
      <ManageFundingMethods title="Your funding methods" />
    </div>
  );
}
