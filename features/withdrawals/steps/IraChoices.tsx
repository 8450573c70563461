import {
  DISTRIBUTION_REASON_LABELS,
  DISTRIBUTION_REASONS,
  formatCents,
  withheldCents,
  WITHHOLDING_PERCENT_CHOICES,
  type DistributionReason,
} from '../../../api/contract/values';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { Chips, SelectField } from '../../../ui';
import { distributionReasonChosen, selectWithdrawalState, withholdingChosen } from '../withdrawalSlice';

/** An IRA distribution's tax choices: the reason, and the federal withholding with what it leaves. */
export function IraChoices({ amountCents }: { amountCents: number | null }) {
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectWithdrawalState);
  const withheld = amountCents !== null && flow.withholdingPercent !== null ? withheldCents(amountCents, flow.withholdingPercent) : null;
  return (
    <fieldset className="ff-withdrawal__ira">
      <legend>Tax choices for this distribution</legend>
      <SelectField
        label="Reason for the distribution"
        value={flow.distributionReason ?? ''}
        onChange={(value) => dispatch(distributionReasonChosen(value as DistributionReason))}
        options={DISTRIBUTION_REASONS.map((reason) => ({ value: reason, label: DISTRIBUTION_REASON_LABELS[reason] }))}
        placeholder="Choose a reason"
        hint="Early distributions (before age 59½) may owe a 10% additional tax unless an IRS exception applies."
      />
      <Chips
        label="Federal income tax withholding"
        options={WITHHOLDING_PERCENT_CHOICES.map((percent) => ({
          value: String(percent),
          label: percent === 10 ? '10% (IRS default)' : `${percent}%`,
        }))}
        value={flow.withholdingPercent === null ? null : String(flow.withholdingPercent)}
        onChange={(value) => dispatch(withholdingChosen(Number(value)))}
      />
      {withheld !== null && amountCents !== null ? (
        <p className="ff-deposit__hint">
          {formatCents(withheld)} withheld for federal tax; {formatCents(amountCents - withheld)} goes to your bank. State tax is not
          withheld.
        </p>
      ) : null}
    </fieldset>
  );
}
