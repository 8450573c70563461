import { formatCents, moneyToCents } from '../../../api/contract/values';
import type { HighYieldAccount } from '../../../api/contract';
import { Stat } from '../../../ui';

/** A high-yield deposit's account: its rate and available balance (and what is pending). */
export function HighYieldSummary({ account }: { account: HighYieldAccount }) {
  const pending = moneyToCents(account.pendingDeposits);
  return (
    <div className="ff-deposit__high-yield">
      <Stat label="APY" value={`${account.rate}%`} />
      <Stat
        label="Available balance"
        value={formatCents(moneyToCents(account.availableToWithdraw))}
        hint={pending > 0 ? `${formatCents(pending)} pending` : undefined}
      />
    </div>
  );
}
