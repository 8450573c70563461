import type { RefObject } from 'react';
import type { AddressSuggestion } from '../../api/contract';
import { AlertIcon, Button, Notice, Spinner, Stack } from '../../ui';
import { AddressSearch } from './AddressSearch';

interface AddressSearchPanelProps {
  searchRef: RefObject<HTMLInputElement | null>;
  /** The chosen suggestion's details are being fetched. */
  lookingUp: boolean;
  placeNotice: string | null;
  /** The suggestion whose details could not be fetched: its notice offers 'Try again'. */
  failedPick: AddressSuggestion | null;
  onPick: (suggestion: AddressSuggestion) => void;
  onEnterManually: () => void;
  onCancel?: () => void;
}

/** Search mode: the places autocomplete, the lookup's failure with its retry, and the way to manual entry. */
export function AddressSearchPanel({
  searchRef,
  lookingUp,
  placeNotice,
  failedPick,
  onPick,
  onEnterManually,
  onCancel,
}: AddressSearchPanelProps) {
  return (
    <Stack gap={4}>
      <AddressSearch onPick={onPick} disabled={lookingUp} inputRef={searchRef} />
      {lookingUp ? <Spinner label="Looking up the address" size="sm" /> : null}
      {placeNotice ? (
        <Notice
          tone="danger"
          icon={<AlertIcon size={20} />}
          live="assertive"
          action={
            failedPick ? (
              <Button variant="secondary" size="sm" onClick={() => onPick(failedPick)} disabled={lookingUp}>
                Try again
              </Button>
            ) : undefined
          }
        >
          {placeNotice}
        </Notice>
      ) : null}
      <div>
        <Button variant="ghost" size="sm" onClick={onEnterManually}>
          Enter address manually
        </Button>
      </div>
      {onCancel ? (
        <div className="ff-address-capture__actions">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}
