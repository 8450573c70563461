import { useId, useState } from 'react';
import { useFormik } from 'formik';
import {
  AddressCaptureMessages,
  emptyAddressDraft,
  isAddressComplete,
  judgeCandidate,
  judgeTyped,
  placeToAddressDraft,
  toAddress,
  verificationOutcome,
  type AddressDraft,
  type AddressVerificationOutcome,
} from '../../api/contract/values';
import type { Address, AddressCandidate, AddressPlace, AddressSuggestion } from '../../api/contract';
import { useLazyGetAddressPlaceQuery, useVerifyAddressMutation } from '../../api/addressApi';
import { AddressCandidatePicker, AS_ENTERED } from './AddressCandidatePicker';
import { AddressManualForm } from './AddressManualForm';
import { AddressSearchPanel } from './AddressSearchPanel';
import { NotProperAddressDialog } from './NotProperAddressDialog';
import { NotResidentialDialog } from './NotResidentialDialog';
import { partialPlaceDraft } from './partialPlaceDraft';
import { useAddressFieldFocus } from './useAddressFieldFocus';
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
  const { address1Ref, address2Ref, searchRef, focus } = useAddressFieldFocus();
  const formId = `ff-address-${useId()}`;

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
    const draft = partialPlaceDraft(place);
    formik.resetForm({ values: draft });
    void formik.validateForm(draft);
    setMode('manual');
    focus('address1');
  };

  const busy = formik.isSubmitting || delivering;

  if (phase.kind === 'pick') {
    return (
      <AddressCandidatePicker
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
        <AddressSearchPanel
          searchRef={searchRef}
          lookingUp={placeLookup.isFetching}
          placeNotice={placeNotice}
          failedPick={failedPick}
          onPick={(suggestion) => void pickSuggestion(suggestion)}
          onEnterManually={() => {
            setPlaceNotice(null);
            // A new address typed by hand starts empty: nothing of the address on file (its apartment line)
            // carries into it unseen.
            formik.resetForm({ values: emptyAddressDraft });
            setMode('manual');
            focus('address1');
          }}
          onCancel={onCancel}
        />
      ) : (
        <AddressManualForm
          formik={formik}
          formId={formId}
          busy={busy}
          verifying={formik.isSubmitting && verification.isLoading}
          placeNotice={placeNotice}
          apartmentHint={apartmentHint}
          address1Ref={address1Ref}
          address2Ref={address2Ref}
          submitLabel={submitLabel}
          onApartmentTyped={() => setApartmentHint(null)}
          onSearchInstead={() => {
            setPlaceNotice(null);
            setMode('search');
            focus('search');
          }}
          onCancel={onCancel}
        />
      )}

      <NotResidentialDialog open={dialog?.kind === 'notResidential'} onReenter={reenterAddress} onUseAnother={useAnotherAddress} />
      <NotProperAddressDialog
        place={dialog?.kind === 'notProper' ? dialog.place : null}
        onClose={() => setDialog(null)}
        onEnterManually={enterNotProperManually}
        onSearchAgain={() => {
          setDialog(null);
          focus('search');
        }}
      />
    </div>
  );
}
