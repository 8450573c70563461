import type { PaymentMethod } from '../../api/contract';
import { useAppDispatch } from '../../store/hooks';
import { CheckCircleIcon, EmptyState, ListRow } from '../../ui';
import { maskedNumber } from '../paymentMethods/paymentMethodSelectors';
import { MethodIcon } from './methodDisplay';
import { STATEMENT_TEXT } from './statementUploadText';
import { bankChosenForStatement } from './statementUploadSlice';

/** The banks a statement can verify (those under review say so); choosing one goes to its upload. */
export function StatementBankList({ banks, submittedIds }: { banks: PaymentMethod[]; submittedIds: string[] }) {
  const dispatch = useAppDispatch();
  return (
    <div className="funding-form">
      <p className="funding-text funding-text--muted">Upload a recent statement of a bank we couldn't verify. {STATEMENT_TEXT.review}</p>
      {submittedIds.length > 0 ? (
        <p className="funding-text" role="status">
          <CheckCircleIcon size={18} className="funding-success__icon" /> {STATEMENT_TEXT.submitted}
        </p>
      ) : null}
      {banks.length === 0 ? (
        <EmptyState title="No banks to verify" body="All your linked banks are verified or under review." />
      ) : (
        <ul className="row-list" aria-label="Banks to verify">
          {banks.map((item) => (
            <li key={item.id}>
              <ListRow
                icon={<MethodIcon method={item} />}
                title={item.displayName}
                subtitle={submittedIds.includes(item.id) ? 'Under review' : maskedNumber(item.paymentMethodNumber)}
                onClick={() => dispatch(bankChosenForStatement(item.id))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
