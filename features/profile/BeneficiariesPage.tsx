import { useState } from 'react';
import { BeneficiaryMessages, maskAccountNumber, VARIANT_LABELS } from '../../api/contract/values';
import { useGetBeneficiariesQuery } from '../../api/profileApi';
import { Button, Card, CheckCircleIcon, EmptyState, ErrorState, Notice, Spinner } from '../../ui';
import { BeneficiaryDesignationForm } from './BeneficiaryDesignationForm';
import { BeneficiaryDesignationView } from './BeneficiaryDesignationView';
import { ProfilePageFrame } from './ProfileNav';

/**
 * /settings/v2/beneficiaries (and /settings/beneficiaries): primary and contingent beneficiaries of each of
 * the customer's IRAs, saved per account as a whole; each tier's shares are whole percents summing to 100.
 */
export default function BeneficiariesPage() {
  const query = useGetBeneficiariesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  let body;
  if (query.isLoading) {
    body = <Spinner label="Loading your beneficiaries" />;
  } else if (query.isError || !query.data) {
    body = <ErrorState title="We couldn't load your beneficiaries" body="Please try again." onRetry={() => void query.refetch()} />;
  } else if (query.data.accounts.length === 0) {
    body = (
      <Card>
        <EmptyState
          title="No IRA yet"
          body="Beneficiaries are named on individual retirement accounts. Open a traditional or Roth IRA to name who inherits it."
        />
      </Card>
    );
  } else {
    body = query.data.accounts.map((account) => {
      const accountName = `${VARIANT_LABELS[account.variant]} ${maskAccountNumber(account.accountNumberLast4)}`;
      const isEditing = editing === account.accountUuid;
      return (
        <Card
          key={account.accountUuid}
          title={accountName}
          actions={
            isEditing ? null : (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Edit beneficiaries of ${accountName}`}
                onClick={() => {
                  setSaved(null);
                  setEditing(account.accountUuid);
                }}
              >
                {account.beneficiaries.length > 0 ? 'Edit' : 'Add beneficiaries'}
              </Button>
            )
          }
        >
          {saved === account.accountUuid ? (
            <Notice tone="success" icon={<CheckCircleIcon size={20} />} live="polite" className="ff-profile-saved">
              {BeneficiaryMessages.saved}
            </Notice>
          ) : null}
          {isEditing ? (
            <BeneficiaryDesignationForm
              account={account}
              onCancel={() => setEditing(null)}
              onDone={() => {
                setEditing(null);
                setSaved(account.accountUuid);
              }}
            />
          ) : (
            <BeneficiaryDesignationView account={account} />
          )}
        </Card>
      );
    });
  }

  return (
    <ProfilePageFrame
      title="Beneficiaries"
      titleId="ff-beneficiaries-title"
      intro={
        <p>
          Name who inherits each IRA. Primary beneficiaries come first; contingent beneficiaries inherit only if no primary one survives
          you. Shares within each group must add up to 100%.
        </p>
      }
    >
      {body}
    </ProfilePageFrame>
  );
}
