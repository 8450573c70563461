import { useRef } from 'react';
import { formatCents } from '../../../api/contract/values';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { Amount, Button } from '../../../ui';
import { useDepositStartingDate } from '../../config/marketClock';
import { REVIEW_FOOTNOTES } from '../../moneyFlow/moneyCopy';
import { accountLabel, describeSchedule, formatCalendarDate, methodLabel } from '../../moneyFlow/moneyFormat';
import { dayWords } from '../../moneyFlow/quoteWords';
import { QuoteSummary } from '../../moneyFlow/QuoteSummary';
import { ReviewRow } from '../../moneyFlow/ReviewRow';
import { selectDepositDraft } from '../depositDraftSlice';
import { depositConfirmPressed } from '../depositThunks';
import { isRecurringFrequency } from '../depositRules';
import {
  DepositGateWords,
  selectDepositConfirmRunning,
  selectDepositDestination,
  selectInternalOptions,
  selectMethodOptions,
} from '../depositSelectors';

/**
 * The review (deposits-and-transfers.md 2): the amount, From, To, the schedule or the day it goes to the bank, a
 * split's two parts, the quote in words and the footnote; Confirm runs depositConfirmPressed.
 */
export function ReviewStep() {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectDepositDraft);
  const destination = useAppSelector(selectDepositDestination);
  const methodOptions = useAppSelector(selectMethodOptions);
  const internalOptions = useAppSelector(selectInternalOptions);
  const busy = useAppSelector(selectDepositConfirmRunning);
  // A second click before the button re-renders busy must not send a second request.
  const inFlight = useRef(false);

  const source = draft.source;
  const sourceName =
    source?.kind === 'paymentMethod'
      ? (() => {
          const method = methodOptions.find((option) => option.method.id === source.id)?.method;
          return method ? methodLabel(method) : 'Your bank';
        })()
      : (() => {
          const account = internalOptions.find((option) => option.account.accountUuid === source?.id)?.account;
          return account ? accountLabel(account) : 'Your account';
        })();
  const recurring = isRecurringFrequency(draft.frequency);
  const amountCents = draft.amountCents ?? 0;
  const quote = draft.quote ?? null;
  const split = draft.split ?? null;
  const starting = useDepositStartingDate(draft);
  const footnote = quote?.waitsForApproval
    ? DepositGateWords.reviewFootnote
    : source?.fundingSourceType === 'DEBIT_CARD'
      ? null
      : source?.kind === 'internalAccount'
        ? REVIEW_FOOTNOTES.transfer
        : recurring
          ? REVIEW_FOOTNOTES.recurring
          : REVIEW_FOOTNOTES.bank;

  const confirm = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await dispatch(depositConfirmPressed());
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <div className="ff-deposit__review">
      <div className="ff-deposit__summary-amount">
        <Amount cents={amountCents} size="xl" />
        <p className="ff-deposit__caption">{recurring ? 'Recurring deposits' : 'will be deposited'}</p>
      </div>
      <dl className="ff-deposit__rows">
        <ReviewRow label="From" value={sourceName} />
        <ReviewRow label="To" value={destination ? accountLabel(destination) : ''} />
        {recurring ? <ReviewRow label="Frequency" value={describeSchedule(draft)} /> : null}
        {split ? (
          <>
            <ReviewRow label="Today" value={formatCents(split.nowCents)} />
            <ReviewRow
              label={split.laterOn ? `On ${dayWords(split.laterOn)}` : 'Next business day'}
              value={formatCents(split.laterCents)}
            />
          </>
        ) : !recurring && quote?.batchDay && !quote.waitsForApproval ? (
          // A one-time bank deposit goes out in its ACH batch: the batch day, not today (a holiday or after 4 pm).
          <ReviewRow label="Goes to your bank" value={dayWords(quote.batchDay)} />
        ) : (
          <ReviewRow label="Starting" value={formatCalendarDate(starting)} />
        )}
        <ReviewRow label="Total" value={formatCents(amountCents)} strong />
      </dl>
      {split ? (
        <p className="ff-deposit__footnote">
          Today's limit leaves room for {formatCents(split.nowCents)}, so this is two deposits, confirmed together. The first is below. The
          remaining {formatCents(split.laterCents)} is a one-time deposit scheduled for{' '}
          {split.laterOn ? dayWords(split.laterOn) : 'the next business day'}: it goes to your bank that day, counts toward that day's
          limit, and can be canceled under Recurring deposits until then.
        </p>
      ) : null}
      {quote && source?.kind === 'paymentMethod' ? <QuoteSummary quote={quote} /> : null}
      {footnote ? <p className="ff-deposit__footnote">{footnote}</p> : null}
      <Button fullWidth onClick={() => void confirm()} loading={busy}>
        Confirm
      </Button>
      {busy ? (
        <span className="ff-visually-hidden" role="status">
          Confirming your deposit
        </span>
      ) : null}
    </div>
  );
}
