import { useGetAvailableToWithdrawQuery } from '../../../api/withdrawalsApi';
import { DISTRIBUTION_REASON_LABELS, formatCents, withheldCents } from '../../../api/contract/values';
import { formatBankDay } from '../../../api/contract/fundsAvailability';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { Amount, Button } from '../../../ui';
import { accountLabel, methodLabel } from '../../moneyFlow/moneyFormat';
import { ReviewRow } from '../../moneyFlow/ReviewRow';
import { WithdrawalMessages } from '../withdrawalCopy';
import { selectWithdrawalBank, selectWithdrawalSource } from '../withdrawalSelectors';
import { selectWithdrawalState } from '../withdrawalSlice';
import { withdrawalConfirmPressed } from '../withdrawalThunks';

/** The withdrawal's review: amount, From, To, the IRA's reason and withholding, the arrival day; Confirm. */
export function ReviewStep() {
  const dispatch = useAppDispatch();
  const flow = useAppSelector(selectWithdrawalState);
  const source = useAppSelector(selectWithdrawalSource);
  const bank = useAppSelector(selectWithdrawalBank);
  // Cached from the amount step: when a withdrawal made now arrives, on the server's clock and bank calendar.
  const available = useGetAvailableToWithdrawQuery(flow.accountUuid ?? '', { skip: !flow.accountUuid });
  const amountCents = flow.amountCents ?? 0;
  const ira = flow.variant === 'ira';
  const withheld = ira && flow.withholdingPercent !== null ? withheldCents(amountCents, flow.withholdingPercent) : 0;

  return (
    <div className="ff-deposit__review">
      <div className="ff-deposit__summary-amount">
        <Amount cents={amountCents} size="xl" />
        <p className="ff-deposit__caption">will be withdrawn</p>
      </div>
      <dl className="ff-deposit__rows">
        <ReviewRow label="From" value={source ? accountLabel(source) : ''} />
        <ReviewRow label="To" value={bank ? methodLabel(bank) : ''} />
        {ira && flow.distributionReason ? <ReviewRow label="Reason" value={DISTRIBUTION_REASON_LABELS[flow.distributionReason]} /> : null}
        {ira ? <ReviewRow label={`Federal tax withheld (${flow.withholdingPercent ?? 0}%)`} value={formatCents(withheld)} /> : null}
        {available.data ? <ReviewRow label="Arrives" value={formatBankDay(available.data.arrivesOn)} /> : null}
        <ReviewRow label="You receive" value={formatCents(amountCents - withheld)} strong />
      </dl>
      <p className="ff-deposit__footnote">{WithdrawalMessages.footnote}</p>
      <Button fullWidth onClick={() => void dispatch(withdrawalConfirmPressed())} loading={flow.submitting}>
        Confirm
      </Button>
      {flow.submitting ? (
        <span className="ff-visually-hidden" role="status">
          Sending your withdrawal
        </span>
      ) : null}
    </div>
  );
}
