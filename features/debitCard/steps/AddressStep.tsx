import { useState } from 'react';
import type { Address, SetupIntentResponse } from '../../../api/contract';
import { FundingMessages } from '../../../api/contract/values';
import { useAppDispatch } from '../../../store/hooks';
import { AlertIcon, Notice, Stack } from '../../../ui';
import { AddressCapture } from '../../addressCapture/AddressCapture';
import { addressDraftFromSetupIntent } from '../addressRules';
import { sendAddress } from '../debitCardThunks';

/** The card's billing address did not match: the address form, then a verification email (4.4). */
export function AddressStep({ setupIntent, reason }: { setupIntent: SetupIntentResponse | undefined; reason: string | null }) {
  const dispatch = useAppDispatch();
  const [sendFailure, setSendFailure] = useState<string | null>(null);
  // The address on file prefills the form; without one the customer starts by searching.
  const initialAddress = addressDraftFromSetupIntent(setupIntent);
  const prefilled = initialAddress.address1 !== '' || initialAddress.zipcode !== '';

  // AddressCapture hands over the address once verification (4.8) accepted it, or the typed one if it failed.
  const onSubmit = async (address: Address) => {
    setSendFailure(null);
    setSendFailure(await dispatch(sendAddress(address)));
  };

  return (
    <Stack gap={5}>
      <Notice tone="warning" icon={<AlertIcon size={20} />} title="Your card's address must match your address">
        {reason ? <p>{reason}</p> : null}
        <p>Enter the billing address of your card. We&apos;ll email you a link to confirm the change.</p>
      </Notice>
      {sendFailure ? (
        <Notice tone="danger" icon={<AlertIcon size={20} />} title={FundingMessages.addressUpdateFailed} live="assertive">
          <p>{sendFailure}</p>
        </Notice>
      ) : null}
      <AddressCapture
        initialAddress={initialAddress}
        initialMode={prefilled ? 'manual' : 'search'}
        submitLabel="Next"
        onSubmit={onSubmit}
      />
    </Stack>
  );
}
