import { AlertIcon, Button, Notice, Stack } from '../../../ui';
import { BANK_LINK_TEXT } from '../bankLinkCopy';

/** number-link-error: the numbers were refused, or (outage) the link got no answer on them. */
export function NumberLinkErrorStep({ outage, onTryAgain }: { outage: string | null; onTryAgain: () => void }) {
  return (
    <Stack gap={5}>
      <Notice tone="danger" icon={<AlertIcon />} live="assertive">
        {outage === null ? (
          BANK_LINK_TEXT.errorBody
        ) : (
          <>
            {outage} {BANK_LINK_TEXT.outageNotYourNumbers}
          </>
        )}
      </Notice>
      <div className="ff-bank-link__actions">
        <Button fullWidth onClick={onTryAgain}>
          Try Again
        </Button>
      </div>
    </Stack>
  );
}
