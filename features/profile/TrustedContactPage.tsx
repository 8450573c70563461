import { useState } from 'react';
import { ProfileErrorCode, TrustedContactMessages } from '../../api/contract/values';
import { isApiError } from '../../api/apiError';
import { useGetTrustedContactQuery, useRemoveTrustedContactMutation } from '../../api/profileApi';
import { Button, Card, CheckCircleIcon, EmptyState, ErrorState, Notice, Spinner, Stack } from '../../ui';
import { ProfilePageFrame } from './ProfileNav';
import { RemoveTrustedContactDialog } from './RemoveTrustedContactDialog';
import { TrustedContactDetails } from './TrustedContactDetails';
import { TrustedContactForm } from './TrustedContactForm';

/**
 * /settings/v2/trusted-contact (and /settings/trusted-contact): one trusted contact person (FINRA Rule 4512),
 * added, changed or removed; we explain what they may and may not do.
 */
export default function TrustedContactPage() {
  const query = useGetTrustedContactQuery(undefined, { refetchOnMountOrArgChange: true });
  const [remove, removal] = useRemoveTrustedContactMutation();
  const [editing, setEditing] = useState(false);
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const contact = query.data ?? null;

  const confirmRemoval = async () => {
    setRemoveError(null);
    try {
      await remove().unwrap();
      setConfirmingRemoval(false);
      setMessage(TrustedContactMessages.removed);
    } catch (error) {
      // Nothing on file is what the customer asked for: an earlier press went through and only its answer was
      // lost, so this is the removal's success, not an error.
      if (isApiError(error) && error.errorCode === ProfileErrorCode.TRUSTED_CONTACT_NOT_FOUND) {
        setConfirmingRemoval(false);
        setMessage(TrustedContactMessages.removed);
        return;
      }
      setRemoveError(isApiError(error) && error.message ? error.message : 'We could not remove your trusted contact. Please try again.');
    }
  };

  let body;
  if (query.isLoading) {
    body = <Spinner label="Loading your trusted contact" />;
  } else if (query.isError) {
    body = <ErrorState title="We couldn't load your trusted contact" body="Please try again." onRetry={() => void query.refetch()} />;
  } else if (editing) {
    body = (
      <TrustedContactForm
        contact={contact}
        onCancel={() => setEditing(false)}
        onDone={() => {
          setEditing(false);
          setMessage(TrustedContactMessages.saved);
        }}
      />
    );
  } else {
    body = (
      <Stack gap={4}>
        {message ? (
          <Notice tone="success" icon={<CheckCircleIcon size={20} />} live="polite">
            {message}
          </Notice>
        ) : null}
        {contact ? (
          <TrustedContactDetails contact={contact} />
        ) : (
          <EmptyState title="No trusted contact yet" body="Adding one is optional, and it can help protect your account." />
        )}
        <div className="ff-profile-actions" style={{ justifyContent: 'flex-start' }}>
          <Button
            variant={contact ? 'secondary' : 'primary'}
            onClick={() => {
              setMessage(null);
              setEditing(true);
            }}
          >
            {contact ? 'Edit trusted contact' : 'Add trusted contact'}
          </Button>
          {contact ? (
            <Button variant="ghost" onClick={() => setConfirmingRemoval(true)}>
              Remove trusted contact
            </Button>
          ) : null}
        </div>
      </Stack>
    );
  }

  return (
    <ProfilePageFrame title="Trusted contact" titleId="ff-trusted-contact-title">
      <Card title="What is a trusted contact?">
        <Stack gap={2}>
          <p className="ff-profile-muted">
            A trusted contact is someone 18 or older we may reach out to if we cannot reach you, if we suspect financial exploitation, or to
            confirm your health status or the name of a legal guardian, executor, trustee or power of attorney.
          </p>
          <p className="ff-profile-muted">
            They cannot see your account, trade or move money, and we never share your balances with them. This is FINRA Rule 4512.
          </p>
        </Stack>
      </Card>
      <Card title="Your trusted contact">{body}</Card>
      <RemoveTrustedContactDialog
        open={confirmingRemoval}
        contact={contact}
        removing={removal.isLoading}
        removeError={removeError}
        onKeep={() => setConfirmingRemoval(false)}
        onRemove={() => void confirmRemoval()}
      />
    </ProfilePageFrame>
  );
}
