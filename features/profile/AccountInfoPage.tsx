import { useState } from 'react';
import { ACCOUNT_OWNER_ROLE_LABELS, maskAccountNumber, REGISTRATION_LABELS, VARIANT_LABELS } from '../../api/contract/values';
import type { AccountInfo } from '../../api/contract';
import { useGetAccountsQuery } from '../../api/accountsApi';
import { useGetAccountInfoQuery } from '../../api/profileApi';
import { Badge, Button, Card, EmptyState, ErrorState, Spinner, Stack, type BadgeTone } from '../../ui';
import { ProfilePageFrame } from './ProfileNav';

const STATUS: Record<AccountInfo['status'], { label: string; tone: BadgeTone }> = {
  OPEN: { label: 'Open', tone: 'success' },
  PENDING: { label: 'Pending review', tone: 'warning' },
  ACTION_REQUIRED: { label: 'Action required', tone: 'danger' },
};

const openedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * Copies the whole account number (as GET /api/accounts already gives it to the app) while showing only its
 * last four digits; the account-info answer itself never holds the whole number.
 */
function CopyAccountNumber({ account, fullNumber }: { account: AccountInfo; fullNumber: string | undefined }) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  const copy = async () => {
    try {
      if (!fullNumber || !navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(fullNumber);
      setResult('copied');
    } catch {
      setResult('failed');
    }
  };
  return (
    <span className="ff-profile-account__copy">
      <span className="ff-profile-account__number">{maskAccountNumber(account.accountNumberLast4)}</span>{' '}
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void copy()}
        aria-label={`Copy account number ending in ${account.accountNumberLast4}`}
        disabled={!fullNumber}
      >
        Copy
      </Button>
      <span role="status" className="ff-profile-muted">
        {result === 'copied'
          ? 'Account number copied'
          : result === 'failed'
            ? "Couldn't copy. Select the number in your statements instead."
            : ''}
      </span>
    </span>
  );
}

/**
 * /settings/v2/account-info (and /settings/account-info): read-only facts of each account (type, status,
 * number by its last four digits, opening date, owners) and the customer's legal name and email.
 */
export default function AccountInfoPage() {
  const query = useGetAccountInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const accounts = useGetAccountsQuery();

  let body;
  if (query.isLoading) {
    body = <Spinner label="Loading your account info" />;
  } else if (query.isError || !query.data) {
    body = <ErrorState title="We couldn't load your account info" body="Please try again." onRetry={() => void query.refetch()} />;
  } else {
    const info = query.data;
    body = (
      <>
        <Card title="You">
          <Stack gap={3}>
            <dl className="ff-profile-facts">
              <dt>Legal name</dt>
              <dd>
                {info.legalName.firstName} {info.legalName.lastName}
              </dd>
              <dt>Email</dt>
              <dd>{info.email}</dd>
            </dl>
            <p className="ff-profile-muted">
              Your legal name must match your ID. To change it, contact support: we will ask for a document.
            </p>
          </Stack>
        </Card>
        {info.accounts.length === 0 ? (
          <Card>
            <EmptyState title="No accounts yet" body="Your accounts appear here once your application is approved." />
          </Card>
        ) : (
          info.accounts.map((account) => {
            const status = STATUS[account.status];
            return (
              <Card key={account.accountUuid} title={account.displayName}>
                <dl className="ff-profile-facts">
                  <dt>Account type</dt>
                  <dd>{VARIANT_LABELS[account.variant]}</dd>
                  <dt>Registration</dt>
                  <dd>{REGISTRATION_LABELS[account.registration]}</dd>
                  <dt>Status</dt>
                  <dd>
                    <Badge tone={status.tone}>{status.label}</Badge>
                  </dd>
                  <dt>Account number</dt>
                  <dd>
                    <CopyAccountNumber account={account} fullNumber={accounts.data?.entities[account.accountUuid]?.account} />
                  </dd>
                  <dt>Opened</dt>
                  <dd>{openedFormat.format(new Date(`${account.openedOn}T00:00:00Z`))}</dd>
                  <dt>{account.owners.length > 1 ? 'Owners' : 'Owner'}</dt>
                  <dd>
                    <ul className="ff-profile-people">
                      {account.owners.map((owner) => (
                        <li key={`${owner.role}-${owner.name}`}>
                          <span>{owner.name}</span>
                          <span className="ff-profile-muted">{ACCOUNT_OWNER_ROLE_LABELS[owner.role]}</span>
                        </li>
                      ))}
                    </ul>
                  </dd>
                </dl>
              </Card>
            );
          })
        )}
      </>
    );
  }

  return (
    <ProfilePageFrame title="Account info" titleId="ff-account-info-title">
      {body}
    </ProfilePageFrame>
  );
}
