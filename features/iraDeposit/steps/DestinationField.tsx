import type { Account } from '../../../api/contract';
import { SelectField } from '../../../ui';
import { accountLabel } from '../../moneyFlow/moneyFormat';

/** The IRA deposit's To: a choice among the customer's IRAs, or the one IRA named. */
export function DestinationField({
  iras,
  destination,
  onDestinationChange,
}: {
  iras: Account[];
  destination: Account;
  onDestinationChange: (accountUuid: string) => void;
}) {
  return iras.length > 1 ? (
    <SelectField
      label="To"
      name="destination"
      value={destination.accountUuid}
      onChange={onDestinationChange}
      options={iras.map((account) => ({ value: account.accountUuid, label: accountLabel(account) }))}
    />
  ) : (
    <p className="ff-ira-deposit__to">
      <span className="ff-ira-deposit__to-label">To</span> {accountLabel(destination)}
    </p>
  );
}
