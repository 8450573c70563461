import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DEBIT_CARD_MODAL_WIDTH_PX, debitCardHolderRefusal } from '../../api/contract/values';
import { useCreateSetupIntentMutation } from '../../api/debitCardApi';
import { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Spinner } from '../../ui';
import { CardProviderBoundary } from '../../src/providers/stripe';
import { FlowFrame, type FlowPresentation } from '../moneyFlow/FlowFrame';
import { AdditionGate } from '../fundingMethods/AdditionGate';
import { selectCurrentUser } from '../session/sessionSlice';
import {
  addressEntryChosen,
  debitCardFlowClosed,
  debitCardFlowStarted,
  selectDebitCardFlow,
  tryAgainChosen,
  type DebitCardScreen,
} from './debitCardSlice';
import { selectDebitCardErrorTitle } from './debitCardSelectors';
import { FINISH_APPLICATION_PATH } from './debitCardHelp';
import { DebitCardPageFrame } from './DebitCardPageFrame';
import { AddressStep } from './steps/AddressStep';
import { CardEntryStep } from './steps/CardEntryStep';
import { CardHolderBlocker } from './steps/CardHolderBlocker';
import { ConfirmingAddressStep } from './steps/ConfirmingAddressStep';
import { ErrorStep } from './steps/ErrorStep';
import { MaxAttemptsStep } from './steps/MaxAttemptsStep';
import { SuccessStep } from './steps/SuccessStep';
import { VerificationSentStep } from './steps/VerificationSentStep';
import './debitCard.css';

export interface DebitCardFlowProps {
  presentation: FlowPresentation;
  /** Our id of the card to replace ('Update debit card'); omit to add a card. */
  replacePaymentMethodId?: string;
  /** The address-verification token from the emailed link (?auv=...). */
  auvToken?: string;
  onClose: () => void;
}

/**
 * The debit-card flow (funding-methods.md 2.7, 4.4): card entry, then the card provider confirms the setup
 * intent in the browser, then our server links (or replaces) the card. A billing-address mismatch leads to
 * the address form and a verification email; the emailed link brings the customer back with an auv token.
 */
export default function DebitCardFlow({ presentation, replacePaymentMethodId, auvToken, onClose }: DebitCardFlowProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const flow = useAppSelector(selectDebitCardFlow);
  const errorTitle = useAppSelector(selectDebitCardErrorTitle);
  const [createSetupIntent, setupIntentResult] = useCreateSetupIntentMutation();
  // Subscribed here so 'Contact Support' knows whether a bank is linked.
  useGetPaymentMethodsQuery();
  // The cardholder name outlives a card-entry round: after Try Again the customer types only the card again (the
  // card itself is never kept: it lives in the card provider's field and goes when that field goes).
  const [cardholderName, setCardholderName] = useState('');

  // Start (or restart for another card or a new emailed link); a token that disappears from the URL later
  // does not restart the flow.
  const started = useRef<{ replaceId: string | null; token: string | null } | null>(null);
  useEffect(() => {
    const replaceId = replacePaymentMethodId ?? null;
    const token = auvToken ?? null;
    const previous = started.current;
    if (previous && previous.replaceId === replaceId && (token === null || token === previous.token)) return;
    started.current = { replaceId, token };
    dispatch(debitCardFlowStarted({ replacePaymentMethodId: replaceId, withAddressToken: token !== null }));
  }, [dispatch, replacePaymentMethodId, auvToken]);

  // Every card entry works on a fresh setup intent.
  const requestedRound = useRef(0);
  useEffect(() => {
    if (flow.screen !== 'cardEntry' || requestedRound.current === flow.cardEntryRound) return;
    requestedRound.current = flow.cardEntryRound;
    void createSetupIntent();
  }, [flow.screen, flow.cardEntryRound, createSetupIntent]);

  const close = () => {
    dispatch(debitCardFlowClosed({ from: flow.screen }));
    onClose();
  };

  const finishApplication = () => {
    close();
    navigate(FINISH_APPLICATION_PATH);
  };

  const replacing = flow.mode === 'replace';
  // The debit-card blockers (the contract's debitCardHolderRefusal, the server's very rule): the application is
  // known at once, the address facts when this round's card setup answers.
  const user = useAppSelector(selectCurrentUser);
  const setupIntent = setupIntentResult.data;
  const holderRefusal =
    user === null
      ? null
      : debitCardHolderRefusal({
          applicationStatus: user.applicationStatus,
          hasAddress: setupIntent?.hasAddress ?? null,
          addressChangeAttempts: setupIntent?.addressChangeAttempts ?? null,
        });
  const titles: Record<DebitCardScreen, string> = {
    idle: replacing ? 'Update debit card' : 'Add debit card',
    cardEntry: replacing ? 'Update debit card' : 'Add debit card',
    address: 'Confirm your address',
    verificationSent: 'Check your email',
    confirmingAddress: 'Verifying your address',
    success: replacing ? 'Debit card updated' : 'Debit card added',
    error: errorTitle,
    maxAttempts: 'Too many address changes',
  };

  let body: ReactNode;
  switch (flow.screen) {
    case 'idle':
      body = <Spinner label="Loading" />;
      break;
    case 'cardEntry':
      // A new card (not a replacement) is an addition: while the rules refuse it, the first screen says why.
      body = (
        <AdditionGate addition={replacing ? null : 'debitCard'} backLabel="Back" onBack={close}>
          {holderRefusal ? (
            <CardHolderBlocker
              refusal={holderRefusal}
              onCancel={close}
              onFinishApplication={finishApplication}
              onAddAddress={() => dispatch(addressEntryChosen({ reason: holderRefusal.message }))}
            />
          ) : (
            <CardProviderBoundary>
              <CardEntryStep
                setupIntent={setupIntent}
                setupIntentLoading={setupIntentResult.isLoading}
                setupIntentFailed={setupIntentResult.isError}
                setupIntentError={setupIntentResult.error}
                retrySetupIntent={() => void createSetupIntent()}
                name={cardholderName}
                onNameChange={setCardholderName}
                replacePaymentMethodId={flow.replacePaymentMethodId}
                addressVerified={flow.addressVerified}
              />
            </CardProviderBoundary>
          )}
        </AdditionGate>
      );
      break;
    case 'address':
      body = <AddressStep setupIntent={setupIntentResult.data} reason={flow.addressReason} />;
      break;
    case 'verificationSent':
      body = <VerificationSentStep onDone={close} />;
      break;
    case 'confirmingAddress':
      body = <ConfirmingAddressStep token={auvToken ?? started.current?.token ?? null} />;
      break;
    case 'success':
      body = <SuccessStep displayName={flow.linkedCardName} replacing={replacing} onDone={close} />;
      break;
    case 'error':
      body = <ErrorStep onDismiss={close} onFinishApplication={onClose} />;
      break;
    case 'maxAttempts':
      body = <MaxAttemptsStep onDismiss={close} />;
      break;
  }

  const title = titles[flow.screen];
  const onBack = flow.screen === 'address' ? () => dispatch(tryAgainChosen()) : undefined;
  return (
    <FlowFrame
      presentation={presentation}
      page={DebitCardPageFrame}
      block="ff-debit-card"
      title={title}
      onClose={close}
      onBack={onBack}
      // Cancel on a page, on the card step (a dialog has its close button).
      onCancel={flow.screen === 'cardEntry' ? close : undefined}
      width={DEBIT_CARD_MODAL_WIDTH_PX}
    >
      {body}
    </FlowFrame>
  );
}
