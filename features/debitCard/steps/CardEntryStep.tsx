import { useState } from 'react';
import type { SetupIntentResponse } from '../../../api/contract';
import { errorMessage } from '../../../api/apiError';
import { useAppDispatch } from '../../../store/hooks';
import { Button, CheckCircleIcon, ErrorState, Notice, Spinner, Stack, TextField } from '../../../ui';
import { useCardProvider, type CardFieldChange } from '../../../src/providers/stripe';
import { useFlowPageButtons } from '../../moneyFlow/FlowFrame';
import { cardBrandDetected } from '../debitCardSlice';
import { submitCard } from '../debitCardThunks';
import { StepActions } from './StepActions';

export interface CardEntryStepProps {
  setupIntent: SetupIntentResponse | undefined;
  setupIntentLoading: boolean;
  setupIntentFailed: boolean;
  setupIntentError: unknown;
  retrySetupIntent: () => void;
  name: string;
  onNameChange: (name: string) => void;
  replacePaymentMethodId: string | null;
  addressVerified: boolean;
}

const EMPTY_CARD_STATE: CardFieldChange = { empty: true, complete: false, brand: 'unknown', error: null };

/** 'Debit card Next needs a name and a complete card without error' (section 5). */
export const canSubmitCard = (name: string, card: CardFieldChange) => name.trim() !== '' && card.complete && card.error === null;

/** The card: its holder's name and the card provider's field. Cancel shows on a page (a dialog has its close). */
export function CardEntryStep({
  setupIntent,
  setupIntentLoading,
  setupIntentFailed,
  setupIntentError,
  retrySetupIntent,
  name,
  onNameChange: setName,
  replacePaymentMethodId,
  addressVerified,
}: CardEntryStepProps) {
  const dispatch = useAppDispatch();
  const { onCancel } = useFlowPageButtons();
  const { CardField, confirmCardSetup } = useCardProvider();
  const [nameTouched, setNameTouched] = useState(false);
  const [card, setCard] = useState<CardFieldChange>(EMPTY_CARD_STATE);
  const [submitting, setSubmitting] = useState(false);
  const nameError = nameTouched && name.trim() === '' ? 'Please enter the name on your card' : undefined;

  const onCardChange = (change: CardFieldChange) => {
    setCard(change);
    if (change.brand !== card.brand) dispatch(cardBrandDetected(change.brand));
  };

  const submit = async () => {
    if (!setupIntent || !canSubmitCard(name, card)) return;
    setSubmitting(true);
    try {
      await dispatch(submitCard({ setupIntent, name, replacePaymentMethodId, confirmCardSetup }));
    } finally {
      setSubmitting(false);
    }
  };

  if (setupIntentFailed) {
    // The spec has no text for this; the title says what failed, the body why (a time-out, no connection...).
    return <ErrorState title="We couldn't start linking your card" body={errorMessage(setupIntentError)} onRetry={retrySetupIntent} />;
  }
  // No card field before the card setup answers: it says whether a blocker stands first (no address, changes used up).
  if (!setupIntent) return <Spinner label="Loading" className="ff-debit-card__wait" />;
  return (
    <form
      className="ff-debit-card__form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap={5}>
        {addressVerified ? (
          <Notice tone="success" icon={<CheckCircleIcon size={20} />} live="polite">
            Your address is verified. Enter your card again to link it.
          </Notice>
        ) : (
          <p className="ff-debit-card__lead">Link a personal debit card issued by a U.S. bank to deposit money instantly.</p>
        )}
        <TextField
          label="Cardholder name"
          name="ccname"
          autoComplete="cc-name"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          onBlur={() => setNameTouched(true)}
          error={nameError}
          disabled={submitting}
        />
        <CardField onChange={onCardChange} disabled={submitting} postalCode={setupIntent?.zipcode ?? null} />
        <StepActions>
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel} disabled={submitting}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={submitting || setupIntentLoading} disabled={!setupIntent || !canSubmitCard(name, card)}>
            Next
          </Button>
        </StepActions>
      </Stack>
    </form>
  );
}
