import { useState } from 'react';
import { AppLink } from '../navigation/AppLink';
import { selectFlags } from '../../api/configApi';
import { errorMessage } from '../../api/apiError';
import { useGetHighYieldAccountQuery, useOpenHighYieldAccountMutation } from '../../api/highYieldApi';
import { useAppSelector } from '../../store/hooks';
import { Button, buttonClassName, Card, CheckCircleIcon, ErrorState, Notice, PageHeader, Spinner } from '../../ui';

export const HIGH_YIELD_DEPOSIT_PATH = '/high-yield/deposit?destination=high-yield';

export const SetupCopy = {
  title: (rate: string | null) => (rate ? `Earn ${rate}% APY on your cash` : 'Earn more on your cash'),
  subtitle: 'High-yield cash sits next to your brokerage account. Move money in and out whenever you like.',
  points: [
    'Interest accrues daily and is paid monthly.',
    'No fees and no minimum balance.',
    'Deposit from your bank or move cash from your brokerage account.',
  ],
  rateNote: 'The APY is variable and can change at any time.',
  agreement: 'I have read and agree to the High-Yield Cash Account Agreement.',
  open: 'Open high-yield cash',
  unavailable: "High-yield cash isn't offered for your account yet.",
  openedTitle: 'Your high-yield cash account is open',
  alreadyTitle: 'You already have high-yield cash',
  deposit: 'Deposit to high-yield cash',
} as const;

/**
 * /setup-high-yield-account: opens the customer's high-yield cash account. Shown while the highYield or
 * cash-account-features flag is on (our reading of "high-yield is enabled by a flag"); a customer who has the
 * account already is sent on to deposit into it.
 */
export default function SetupHighYieldAccountPage() {
  const flags = useAppSelector(selectFlags);
  const query = useGetHighYieldAccountQuery();
  const [open, opening] = useOpenHighYieldAccountMutation();
  const [agreed, setAgreed] = useState(false);
  const rate = query.data?.highYieldAccount?.rate ?? query.data?.rate ?? null;

  let body: React.ReactNode;
  if (query.isLoading) {
    body = <Spinner label="Loading high-yield cash" />;
  } else if (query.isError) {
    body = <ErrorState title="We couldn't load high-yield cash" body={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  } else if (query.data?.highYieldAccount) {
    body = (
      <div className="setup-high-yield__done" role="status">
        <h2>{opening.isSuccess ? SetupCopy.openedTitle : SetupCopy.alreadyTitle}</h2>
        <p>{rate ? `It earns ${rate}% APY.` : null}</p>
        <AppLink className={buttonClassName('primary', 'md', true)} to={HIGH_YIELD_DEPOSIT_PATH}>
          {SetupCopy.deposit}
        </AppLink>
      </div>
    );
  } else if (!flags.highYield && !flags.cashAccountFeatures) {
    body = <Notice tone="info">{SetupCopy.unavailable}</Notice>;
  } else {
    body = (
      <>
        <ul className="benefit-list">
          {SetupCopy.points.map((point) => (
            <li key={point}>
              <CheckCircleIcon /> {point}
            </li>
          ))}
        </ul>
        <p className="muted">{SetupCopy.rateNote}</p>
        <label className="checkbox">
          <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
          <span>{SetupCopy.agreement}</span>
        </label>
        {opening.isError ? (
          <p className="form-error" role="alert">
            {errorMessage(opening.error)}
          </p>
        ) : null}
        <Button
          fullWidth
          disabled={!agreed}
          loading={opening.isLoading}
          onClick={() =>
            void open()
              .unwrap()
              .catch(() => undefined)
          }
        >
          {SetupCopy.open}
        </Button>
      </>
    );
  }

  return (
    <div className="page setup-high-yield">
      <PageHeader title={SetupCopy.title(rate)} subtitle={SetupCopy.subtitle} />
      <Card>{body}</Card>
    </div>
  );
}
