import { useId, useState } from 'react';
import { AddressCaptureMessages, formatAddressLine } from '../../api/contract/values';
import type { Address, AddressCandidate } from '../../api/contract';
import { Button, Stack } from '../../ui';

/** The picker's choice for the address as the customer typed it (the candidates are chosen by index). */
export const AS_ENTERED = 'as-entered';

interface AddressCandidatePickerProps {
  typed: Address;
  candidates: AddressCandidate[];
  busy: boolean;
  submitLabel: string;
  onChoose: (choice: number | typeof AS_ENTERED) => void;
  onEdit: () => void;
}

/** 'Select the correct address.': the service's suggestions, and the address as entered. */
export function AddressCandidatePicker({ typed, candidates, busy, submitLabel, onChoose, onEdit }: AddressCandidatePickerProps) {
  const [choice, setChoice] = useState<number | typeof AS_ENTERED>(0);
  const name = `ff-address-candidate-${useId()}`;
  const legendId = `${name}-legend`;
  return (
    <form
      className="ff-address-capture__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onChoose(choice);
      }}
    >
      <Stack gap={4}>
        <fieldset className="ff-address-capture__picker" aria-labelledby={legendId}>
          <legend id={legendId} className="ff-address-capture__legend">
            {AddressCaptureMessages.selectCandidate}
          </legend>
          {candidates.map((candidate, index) => (
            <label key={`${candidate.deliveryLine1}|${candidate.zipcode}|${index}`} className="ff-address-capture__choice">
              <input type="radio" name={name} checked={choice === index} onChange={() => setChoice(index)} disabled={busy} />
              <span>
                <span className="ff-address-capture__choice-title">
                  {index === 0 && candidates.length === 1 ? 'Suggested' : `Suggestion ${index + 1}`}
                </span>
                <span className="ff-address-capture__choice-line">{formatAddressLine(candidate.address)}</span>
              </span>
            </label>
          ))}
          <label className="ff-address-capture__choice">
            <input type="radio" name={name} checked={choice === AS_ENTERED} onChange={() => setChoice(AS_ENTERED)} disabled={busy} />
            <span>
              <span className="ff-address-capture__choice-title">As entered</span>
              <span className="ff-address-capture__choice-line">{formatAddressLine(typed)}</span>
            </span>
          </label>
        </fieldset>
        <div className="ff-address-capture__actions">
          <Button variant="secondary" onClick={onEdit} disabled={busy}>
            Edit address
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
