import { useGetProvidersQuery } from '../../../api/bankLinkApi';
import { Button, Notice, Spinner } from '../../../ui';
import { latestVerificationLink, useGetSandboxOutboxQuery } from '../sandboxOutboxApi';

/** Sandbox only: no email leaves the server, so show where the message is and its link. */
export function SandboxVerificationLink() {
  const providers = useGetProvidersQuery();
  const sandbox = providers.data?.stripe === 'sandbox';
  const outbox = useGetSandboxOutboxQuery(undefined, { skip: !sandbox, refetchOnMountOrArgChange: true });
  if (!sandbox || outbox.isError) return null;
  const link = latestVerificationLink(outbox.data);
  return (
    <Notice tone="info" title="Sandbox: no real email is sent" className="ff-debit-card__sandbox">
      <p>The message is in the sandbox outbox.</p>
      {outbox.isFetching ? (
        <Spinner label="Looking for the message" size="sm" />
      ) : link ? (
        <a href={link}>Open the verification link</a>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => void outbox.refetch()}>
          Look again
        </Button>
      )}
    </Notice>
  );
}
