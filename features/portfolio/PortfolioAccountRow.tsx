import { moneyToCents, VARIANT_LABELS } from '../../api/contract/values';
import type { Account } from '../../api/contract';
import { maskedNumber } from '../paymentMethods/paymentMethodList';
import { Amount, Badge, ListRow } from '../../ui';

const STATUS_TONE = { OPEN: 'success', PENDING: 'warning', ACTION_REQUIRED: 'danger' } as const;
const STATUS_LABEL = { OPEN: 'Open', PENDING: 'Pending', ACTION_REQUIRED: 'Action required' } as const;

/** One of the customer's accounts: name, number, balance and status. */
export function PortfolioAccountRow({ account, selected }: { account: Account; selected: boolean }) {
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
