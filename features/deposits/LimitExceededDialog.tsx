import { useLocation, useNavigate } from 'react-router';
import { useGetDepositLimitsQuery } from '../../api/depositsApi';
import { DEPOSIT_MIN_CENTS, moneyToCents } from '../../api/contract/values';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { errorMessage } from '../../api/apiError';
import { Button, Modal, Notice, Spinner } from '../../ui';
import { limitAmountEdited, limitBankChosen, limitDialogDismissed, selectDepositDraft } from './depositDraftSlice';
import { selectMethodOptions } from './depositSelectors';
import { defaultDepositSource } from './depositRules';
import { DepositMessages } from '../moneyFlow/moneyCopy';

/**
 * The limit-exceeded overlay (section 8): the server's message, or 'A maximum of $50,000 can be deposited per
 * day.' for a bank; Edit amount sets the amount to what is left today (from getDepositLimits, fetched afresh);
 * for a debit card, 'Use your bank instead' (Use My Bank) or 'Try linking a bank instead' (Link Bank).
 */
export function LimitExceededDialog() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const draft = useAppSelector(selectDepositDraft);
  const methodOptions = useAppSelector(selectMethodOptions);
  const limits = useGetDepositLimitsQuery(undefined, { refetchOnMountOrArgChange: true });
  const card = draft.source?.fundingSourceType === 'DEBIT_CARD';

  // Only this dialog's own answer counts: a failed refetch leaves the earlier (perhaps out of date) numbers in the
  // cache, and Edit amount must not offer them.
  const remainingCents =
    limits.data && !limits.isError ? moneyToCents(card ? limits.data.debitCardRemaining : limits.data.dailyBankRemaining) : null;
  const bank = card
    ? defaultDepositSource({
        methods: methodOptions.filter((option) => option.disabledReason === null).map((option) => option.method),
        highYieldDestination: true, // the ACH-only preference: recent, then default, then any bank
        now: new Date().toISOString(),
      })
    : null;
  const message = draft.limitDialog?.message ?? (card ? DepositMessages.limitTitle : DepositMessages.limitDaily);

  const dismiss = () => dispatch(limitDialogDismissed());
  const linkBank = () => {
    dispatch(limitDialogDismissed());
    const params = new URLSearchParams(location.search);
    params.set('bankLink', 'enabled');
    navigate({ pathname: location.pathname, search: `?${params}`, hash: location.hash });
  };

  return (
    <Modal open title={DepositMessages.limitTitle} onClose={dismiss} width={420}>
      <div className="ff-deposit__limit">
        <p className="ff-deposit__result-body">{message}</p>
        {limits.isFetching && remainingCents === null ? <Spinner label="Checking today's limit" size="sm" /> : null}
        {/* Edit amount needs what is left today: when that cannot be read, say so and offer Try again rather
            than leave the button disabled without a reason (the spec has no copy for this). */}
        {limits.isError && !limits.isFetching ? (
          <Notice
            tone="danger"
            title="We couldn't check how much you can still deposit today"
            live="polite"
            action={
              <Button size="sm" variant="secondary" onClick={() => void limits.refetch()}>
                Try again
              </Button>
            }
          >
            {errorMessage(limits.error)}
          </Notice>
        ) : null}
        {card ? (
          <div className="ff-deposit__limit-alternative">
            <p className="ff-deposit__limit-heading">{bank ? DepositMessages.useBankInstead : DepositMessages.linkBankInstead}</p>
            {bank ? (
              <Button
                variant="secondary"
                fullWidth
                onClick={() => dispatch(limitBankChosen({ kind: 'paymentMethod', id: bank.id, fundingSourceType: 'ACH' }))}
              >
                Use My Bank
              </Button>
            ) : (
              <Button variant="secondary" fullWidth onClick={linkBank}>
                Link Bank
              </Button>
            )}
          </div>
        ) : null}
        <div className="ff-deposit__actions">
          <Button
            fullWidth
            disabled={remainingCents === null || remainingCents < DEPOSIT_MIN_CENTS || limits.isFetching}
            onClick={() => remainingCents !== null && dispatch(limitAmountEdited(remainingCents))}
          >
            Edit amount
          </Button>
          <Button variant="secondary" fullWidth onClick={dismiss}>
            Dismiss
          </Button>
        </div>
      </div>
    </Modal>
  );
}
