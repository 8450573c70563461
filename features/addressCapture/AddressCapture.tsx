import { useEffect, useId, useRef, useState } from 'react';
import { useFormik } from 'formik';
import {
  ADDRESS_MAX_LENGTH,
  AddressCaptureMessages,
  emptyAddressDraft,
  formatAddressLine,
  isAddressComplete,
  judgeCandidate,
  judgeTyped,
  normaliseAddressText,
  placeToAddressDraft,
  sanitiseStateInput,
  sanitiseZipInput,
  toAddress,
  verificationOutcome,
  type AddressDraft,
  type AddressVerificationOutcome,
} from '../../api/contract/values';
import type { Address, AddressCandidate, AddressPlace, AddressSuggestion } from '../../api/contract';
import { useLazyGetAddressPlaceQuery, useVerifyAddressMutation } from '../../api/addressApi';
import { Button, Inline, Modal, Notice, Spinner, Stack, TextField, AlertIcon } from '../../ui';
import { AddressSearch } from './AddressSearch';
import { addressSchema } from './addressSchema';
import './addressCapture.css';

export type AddressCaptureMode = 'search' | 'manual';

export interface AddressCaptureProps {
  /** Starting values (e.g. the address on file); they fill the manual form. */
  initialAddress?: Partial<AddressDraft>;
  initialMode?: AddressCaptureMode;
  /** The submit button's text (Next, Save address, ...). */
  submitLabel?: string;
  /**
   * Receives the accepted address once verification is done (4.8), or the typed one when verification
   * failed. The component waits for it; the caller shows its own success or failure.
   */
  onSubmit: (address: Address) => Promise<void> | void;
  onCancel?: () => void;
}

type Phase = { kind: 'edit' } | { kind: 'pick'; typed: Address; candidates: AddressCandidate[] };
type Dialog = null | { kind: 'notResidential' } | { kind: 'notProper'; place: AddressPlace };

const AS_ENTERED = 'as-entered';

/**
 * Address capture (funding-methods.md 2.11, 4.8, 5): search mode (places autocomplete) or manual entry
 * (Formik + yup over the contract's rules), then verification with the outcomes of 4.8: the candidate
 * picker, the not-residential dialog, the apartment field's focus, or acceptance. When verification fails
 * the typed address is used.
 */
export function AddressCapture({ initialAddress, initialMode, submitLabel = 'Next', onSubmit, onCancel }: AddressCaptureProps) {
  const initialValues: AddressDraft = { ...emptyAddressDraft, ...initialAddress };
  const [mode, setMode] = useState<AddressCaptureMode>(initialMode ?? (isAddressComplete(initialValues) ? 'manual' : 'search'));
  const [phase, setPhase] = useState<Phase>({ kind: 'edit' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [apartmentHint, setApartmentHint] = useState<string | null>(null);
  const [placeNotice, setPlaceNotice] = useState<string | null>(null);
  // The suggestion whose details could not be fetched: 'Try again' asks for it again.
  const [failedPick, setFailedPick] = useState<AddressSuggestion | null>(null);
  const [delivering, setDelivering] = useState(false);
  const [verifyAddress, verification] = useVerifyAddressMutation();
  const [fetchPlace, placeLookup] = useLazyGetAddressPlaceQuery();
  const [focusTarget, setFocusTarget] = useState<{ field: 'address1' | 'address2' | 'search'; serial: number } | null>(null);
  const address1Ref = useRef<HTMLInputElement>(null);
  const address2Ref = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const formId = `ff-address-${useId()}`;

  // Focus moves after the render that shows the field.
  useEffect(() => {
    if (!focusTarget) return;
    const target = { address1: address1Ref, address2: address2Ref, search: searchRef }[focusTarget.field].current;
    target?.focus();
  }, [focusTarget]);
  const focus = (field: 'address1' | 'address2' | 'search') =>
    setFocusTarget((previous) => ({ field, serial: (previous?.serial ?? 0) + 1 }));

  const deliver = async (address: Address) => {
    setDelivering(true);
    try {
      await onSubmit(address);
    } catch {
      // The caller reports its own failure; the form stays for another try.
    } finally {
      setDelivering(false);
    }
  };

  const apply = async (outcome: AddressVerificationOutcome) => {
    switch (outcome.kind) {
      case 'accepted':
        setPhase({ kind: 'edit' });
        await deliver(outcome.address);
        return;
      case 'pick':
        return;
      case 'notResidential':
        setPhase({ kind: 'edit' });
        setDialog({ kind: 'notResidential' });
        return;
      case 'needsApartment':
        setPhase({ kind: 'edit' });
        setMode('manual');
        setApartmentHint(AddressCaptureMessages.needsApartment);
        focus('address2');
        return;
    }
  };

  const formik = useFormik<AddressDraft>({
    initialValues,
    validationSchema: addressSchema,
    validateOnMount: true,
    onSubmit: async (values) => {
      setApartmentHint(null);
      setPlaceNotice(null);
      const typed = toAddress(values);
      let candidates: AddressCandidate[] | null;
      try {
        candidates = (await verifyAddress(typed).unwrap()).candidates;
      } catch {
        // Section 7.6: if the verification call fails, the address as entered is used.
        candidates = null;
      }
      const outcome = verificationOutcome(typed, candidates);
      if (outcome.kind === 'pick') setPhase({ kind: 'pick', typed, candidates: outcome.candidates });
      await apply(outcome);
    },
  });

  const pickSuggestion = async (suggestion: AddressSuggestion) => {
    setPlaceNotice(null);
    setFailedPick(null);
    let place: AddressPlace;
    try {
      place = await fetchPlace(suggestion.placeId, true).unwrap();
    } catch {
      setPlaceNotice('We could not look up that address. Try again or enter it manually.');
      setFailedPick(suggestion);
      return;
    }
    const draft = placeToAddressDraft(place);
    if (!draft) {
      setDialog({ kind: 'notProper', place });
      return;
    }
    // Touched, so a part the form refuses (e.g. over 30 characters) shows its message at once.
    formik.resetForm({ values: draft, touched: { address1: true, address2: true, city: true, state: true, zipcode: true } });
    void formik.validateForm(draft);
    setMode('manual');
    setPlaceNotice('Check your address and add an apartment or unit number if you have one.');
    focus('address2');
  };

  const useAnotherAddress = () => {
    setDialog(null);
    setApartmentHint(null);
    setPlaceNotice(null);
    formik.resetForm({ values: emptyAddressDraft });
    setMode('search');
    focus('search');
  };

  const reenterAddress = () => {
    setDialog(null);
    setMode('manual');
    focus('address1');
  };

  const enterNotProperManually = (place: AddressPlace) => {
    setDialog(null);
    const street = [place.streetNumber, place.route].filter(Boolean).join(' ');
    const draft: AddressDraft = {
      address1: street.slice(0, ADDRESS_MAX_LENGTH),
      address2: normaliseAddressText(place.secondary ?? ''),
      city: (place.city ?? '').slice(0, ADDRESS_MAX_LENGTH),
      state: sanitiseStateInput(place.state ?? ''),
      zipcode: sanitiseZipInput(place.zipcode ?? ''),
    };
    formik.resetForm({ values: draft });
    void formik.validateForm(draft);
    setMode('manual');
    focus('address1');
  };

  const busy = formik.isSubmitting || delivering;
  const ready = isAddressComplete(formik.values) && Object.keys(formik.errors).length === 0;
  const fieldError = (field: keyof AddressDraft) => (formik.touched[field] ? formik.errors[field] : undefined);
  const text = (field: keyof AddressDraft) => ({
    name: field,
    value: formik.values[field],
    onChange: formik.handleChange,
    onBlur: formik.handleBlur,
    error: fieldError(field),
    disabled: busy,
  });

  if (phase.kind === 'pick') {
    return (
      <CandidatePicker
        typed={phase.typed}
        candidates={phase.candidates}
        busy={delivering}
        submitLabel={submitLabel}
        onEdit={() => {
          setPhase({ kind: 'edit' });
          setMode('manual');
          focus('address1');
        }}
        onChoose={(choice) => {
          const outcome = choice === AS_ENTERED ? judgeTyped(phase.typed) : judgeCandidate(phase.candidates[choice], phase.typed);
          void apply(outcome);
        }}
      />
    );
  }

  return (
    <div className="ff-address-capture">
      {mode === 'search' ? (
        <Stack gap={4}>
          <AddressSearch onPick={(suggestion) => void pickSuggestion(suggestion)} disabled={placeLookup.isFetching} inputRef={searchRef} />
          {placeLookup.isFetching ? <Spinner label="Looking up the address" size="sm" /> : null}
          {placeNotice ? (
            <Notice
              tone="danger"
              icon={<AlertIcon size={20} />}
              live="assertive"
              action={
                failedPick ? (
                  <Button variant="secondary" size="sm" onClick={() => void pickSuggestion(failedPick)} disabled={placeLookup.isFetching}>
                    Try again
                  </Button>
                ) : undefined
              }
            >
              {placeNotice}
            </Notice>
          ) : null}
          <div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setPlaceNotice(null);
                // A new address typed by hand starts empty: nothing of the address on file (its apartment line)
                // carries into it unseen.
                formik.resetForm({ values: emptyAddressDraft });
                setMode('manual');
                focus('address1');
              }}
            >
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
      ) : (
        <form id={formId} className="ff-address-capture__form" noValidate onSubmit={formik.handleSubmit} aria-busy={busy || undefined}>
          <Stack gap={4}>
            {placeNotice ? (
              <Notice tone="info" live="polite">
                {placeNotice}
              </Notice>
            ) : null}
            <TextField
              ref={address1Ref}
              label="Street address"
              autoComplete="address-line1"
              maxLength={ADDRESS_MAX_LENGTH}
              {...text('address1')}
            />
            <TextField
              ref={address2Ref}
              label="Apartment, suite, etc. (optional)"
              autoComplete="address-line2"
              maxLength={ADDRESS_MAX_LENGTH}
              {...text('address2')}
              hint={apartmentHint ?? undefined}
              onChange={(event) => {
                setApartmentHint(null);
                formik.handleChange(event);
              }}
            />
            {apartmentHint ? (
              <p role="alert" className="ff-visually-hidden">
                {apartmentHint}
              </p>
            ) : null}
            <TextField label="City" autoComplete="address-level2" maxLength={ADDRESS_MAX_LENGTH} {...text('city')} />
            <Inline gap={4} wrap={false} align="start" className="ff-address-capture__row">
              <TextField
                label="State"
                autoComplete="address-level1"
                maxLength={2}
                {...text('state')}
                onChange={(event) => void formik.setFieldValue('state', sanitiseStateInput(event.target.value))}
              />
              <TextField
                label="ZIP code"
                autoComplete="postal-code"
                inputMode="numeric"
                maxLength={5}
                {...text('zipcode')}
                onChange={(event) => void formik.setFieldValue('zipcode', sanitiseZipInput(event.target.value))}
              />
            </Inline>
            <TextField label="Country" name="country" value="United States (USA)" readOnly />
            <div>
              <Button
                variant="ghost"
                size="sm"
                disabled={busy}
                onClick={() => {
                  setPlaceNotice(null);
                  setMode('search');
                  focus('search');
                }}
              >
                Search for your address
              </Button>
            </div>
            {formik.isSubmitting && verification.isLoading ? <Spinner label="Verifying your address" size="sm" /> : null}
            <div className="ff-address-capture__actions">
              {onCancel ? (
                <Button variant="secondary" onClick={onCancel} disabled={busy}>
                  Cancel
                </Button>
              ) : null}
              <Button type="submit" loading={busy} disabled={!ready}>
                {submitLabel}
              </Button>
            </div>
          </Stack>
        </form>
      )}

      <Modal
        open={dialog?.kind === 'notResidential'}
        title="Residential address needed"
        onClose={reenterAddress}
        width={440}
        footer={
          <div className="ff-address-capture__dialog-actions">
            <Button variant="secondary" onClick={useAnotherAddress}>
              {AddressCaptureMessages.useAnotherAddress}
            </Button>
            <Button onClick={reenterAddress} autoFocus>
              {AddressCaptureMessages.reenterAddress}
            </Button>
          </div>
        }
      >
        <p className="ff-address-capture__dialog-text">{AddressCaptureMessages.notResidential}</p>
      </Modal>

      <Modal
        open={dialog?.kind === 'notProper'}
        title={AddressCaptureMessages.notProperTitle}
        onClose={() => setDialog(null)}
        width={440}
        footer={
          <div className="ff-address-capture__dialog-actions">
            <Button variant="secondary" onClick={() => dialog?.kind === 'notProper' && enterNotProperManually(dialog.place)}>
              Enter address manually
            </Button>
            <Button
              onClick={() => {
                setDialog(null);
                focus('search');
              }}
              autoFocus
            >
              Search again
            </Button>
          </div>
        }
      >
        <p className="ff-address-capture__dialog-text">{AddressCaptureMessages.notProper}</p>
        {dialog?.kind === 'notProper' ? (
          <p className="ff-address-capture__dialog-text ff-address-capture__muted">{dialog.place.formattedAddress}</p>
        ) : null}
      </Modal>
    </div>
  );
}

interface CandidatePickerProps {
  typed: Address;
  candidates: AddressCandidate[];
  busy: boolean;
  submitLabel: string;
  onChoose: (choice: number | typeof AS_ENTERED) => void;
  onEdit: () => void;
}

/** 'Select the correct address.': the service's suggestions, and the address as entered. */
function CandidatePicker({ typed, candidates, busy, submitLabel, onChoose, onEdit }: CandidatePickerProps) {
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
