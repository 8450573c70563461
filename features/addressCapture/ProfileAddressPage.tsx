import { useState } from 'react';
import { addressDraftFrom, formatAddressLine, FundingMessages } from '../../api/contract/values';
import type { Address } from '../../api/contract';
import { isApiError } from '../../api/apiError';
import { useGetProfileAddressQuery, useUpdateProfileAddressMutation } from '../../api/addressApi';
import { AlertIcon, Button, Card, CheckCircleIcon, EmptyState, ErrorState, Notice, Spinner, Stack } from '../../ui';
import { AddressCapture } from './AddressCapture';
import { ProfileNav } from '../profile/ProfileNav';
import './addressCapture.css';

/**
 * The personal-info settings page's address (/settings/v2/personal-info and /settings/personal-info):
 * the customer's home address on file, changed through the address capture (search or manual entry,
 * then verification, 4.8) and saved at once.
 */
export default function ProfileAddressPage() {
  // Fresh on every visit: the debit-card flow's emailed confirmation can change the address too.
  const addressQuery = useGetProfileAddressQuery(undefined, { refetchOnMountOrArgChange: true });
  const [updateAddress] = useUpdateProfileAddressMutation();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const save = async (address: Address) => {
    setSaveError(null);
    try {
      await updateAddress(address).unwrap();
      setEditing(false);
      setSaved(true);
    } catch (error) {
      setSaveError(isApiError(error) && error.message ? error.message : FundingMessages.addressUpdateFailed);
      throw error;
    }
  };

  const current = addressQuery.data ?? null;
  let body;
  if (addressQuery.isLoading) {
    body = <Spinner label="Loading your address" />;
  } else if (addressQuery.isError) {
    body = <ErrorState title="We couldn't load your address" body="Please try again." onRetry={() => void addressQuery.refetch()} />;
  } else if (editing) {
    body = (
      <Stack gap={4}>
        {saveError ? (
          <Notice tone="danger" icon={<AlertIcon size={20} />} live="assertive" title={FundingMessages.addressUpdateFailed}>
            {saveError === FundingMessages.addressUpdateFailed ? null : <p>{saveError}</p>}
          </Notice>
        ) : null}
        <AddressCapture
          initialAddress={current ? addressDraftFrom(current) : undefined}
          initialMode="search"
          submitLabel="Save address"
          onSubmit={save}
          onCancel={() => {
            setEditing(false);
            setSaveError(null);
          }}
        />
      </Stack>
    );
  } else {
    body = (
      <Stack gap={4}>
        {saved ? (
          <Notice tone="success" icon={<CheckCircleIcon size={20} />} live="polite">
            Your address was updated.
          </Notice>
        ) : null}
        {current ? (
          <p className="ff-profile-address__line">{formatAddressLine(current)}</p>
        ) : (
          <EmptyState
            title="No home address on file"
            body="Add the address where you live. We need it to keep your account in good standing."
          />
        )}
        <div>
          <Button
            variant={current ? 'secondary' : 'primary'}
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            {current ? 'Change address' : 'Add address'}
          </Button>
        </div>
      </Stack>
    );
  }

  return (
    <section className="ff-profile-address" aria-labelledby="ff-profile-address-title">
      <h1 id="ff-profile-address-title" className="page-title">
        Personal info
      </h1>
      <ProfileNav />
      <Card title="Home address">{body}</Card>
    </section>
  );
}
