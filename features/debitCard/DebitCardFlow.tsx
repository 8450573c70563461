import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  DEBIT_CARD_MAX_ADDRESS_ATTEMPTS,
  DEBIT_CARD_MODAL_WIDTH_PX,
  debitCardHolderRefusal,
  FundingMessages,
  type DebitCardHolderRefusal,
} from '../../api/contract/values';
import type { Address, SetupIntentResponse } from '../../api/contract';
import { errorMessage, isApiError } from '../../api/apiError';
import {
  useConfirmAddressMutation,
  useCreateSetupIntentMutation,
  useLinkDebitCardMutation,
  useReplaceDebitCardMutation,
  useUpdateAddressMutation,
} from '../../api/debitCardApi';
import { useGetProvidersQuery } from '../../api/bankLinkApi';
import { useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  Button,
  buttonClassName,
  CheckCircleIcon,
  ErrorState,
  Modal,
  Notice,
  Spinner,
  Stack,
  TextField,
  AlertIcon,
  CardIcon,
} from '../../ui';
import { CardProviderBoundary, isConfirmCardSetupError, useCardProvider, type CardFieldChange } from '../../src/providers/stripe';
import {
  addressChangeRefused,
  addressChangeSent,
  addressConfirmationFailed,
  addressConfirmed,
  addressEntryChosen,
  cardBrandDetected,
  cardSetupRefused,
  debitCardFlowClosed,
  debitCardFlowStarted,
  debitCardLinked,
  debitCardLinkFailed,
  selectDebitCardFlow,
  tryAgainChosen,
  type DebitCardScreen,
} from './debitCardSlice';
import { selectAddressAttempts } from './debitCardAttemptsSlice';
import { selectDebitCardErrorButton, selectDebitCardErrorTitle, selectHasLinkedBank } from './debitCardSelectors';
import { isPassingFailure, type DebitCardFailure } from './debitCardErrors';
import { addressDraftFromSetupIntent } from './addressRules';
import { AddressCapture } from '../addressCapture/AddressCapture';
import { DEBIT_CARD_HELP_POINTS, supportMailto } from './debitCardHelp';
import { latestVerificationLink, useGetSandboxOutboxQuery } from './sandboxOutboxApi';
import './debitCard.css';
import { AdditionGate } from '../fundingMethods/AdditionGate';
import { selectCurrentUser } from '../session/sessionSlice';

export interface DebitCardFlowProps {
  presentation: 'modal' | 'page';
  /** Our id of the card to replace ('Update debit card'); omit to add a card. */
  replacePaymentMethodId?: string;
  /** The address-verification token from the emailed link (?auv=...). */
  auvToken?: string;
  onClose: () => void;
}

export const FINISH_APPLICATION_PATH = '/setup-investing';

const toFailure = (error: unknown): DebitCardFailure => (isApiError(error) ? error : {});

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
                onCancel={presentation === 'page' ? close : undefined}
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
  if (presentation === 'modal') {
    return (
      <Modal open title={title} onClose={close} width={DEBIT_CARD_MODAL_WIDTH_PX} onBack={onBack} className="ff-debit-card">
        {body}
      </Modal>
    );
  }
  return (
    <DebitCardPage title={title} onBack={onBack}>
      {body}
    </DebitCardPage>
  );
}

function DebitCardPage({ title, onBack, children }: { title: string; onBack?: () => void; children: ReactNode }) {
  const headingId = `ff-debit-card-${useId()}`;
  return (
    <section className="ff-debit-card ff-debit-card--page" aria-labelledby={headingId} style={{ maxWidth: DEBIT_CARD_MODAL_WIDTH_PX }}>
      {onBack ? (
        <Button variant="ghost" size="sm" onClick={onBack} className="ff-debit-card__back">
          Back
        </Button>
      ) : null}
      <h1 id={headingId} className="ff-debit-card__page-title">
        {title}
      </h1>
      {children}
    </section>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="ff-debit-card__actions">{children}</div>;
}

// ---- card entry ----

interface CardEntryStepProps {
  setupIntent: SetupIntentResponse | undefined;
  setupIntentLoading: boolean;
  setupIntentFailed: boolean;
  setupIntentError: unknown;
  retrySetupIntent: () => void;
  name: string;
  onNameChange: (name: string) => void;
  replacePaymentMethodId: string | null;
  addressVerified: boolean;
  onCancel?: () => void;
}

const EMPTY_CARD_STATE: CardFieldChange = { empty: true, complete: false, brand: 'unknown', error: null };

/** 'Debit card Next needs a name and a complete card without error' (section 5). */
export const canSubmitCard = (name: string, card: CardFieldChange) => name.trim() !== '' && card.complete && card.error === null;

function CardEntryStep({
  setupIntent,
  setupIntentLoading,
  setupIntentFailed,
  setupIntentError,
  retrySetupIntent,
  name,
  onNameChange: setName,
  replacePaymentMethodId,
  addressVerified,
  onCancel,
}: CardEntryStepProps) {
  const dispatch = useAppDispatch();
  const { CardField, confirmCardSetup } = useCardProvider();
  const addressAttempts = useAppSelector(selectAddressAttempts);
  const [linkDebitCard] = useLinkDebitCardMutation();
  const [replaceDebitCard] = useReplaceDebitCardMutation();
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
      const cardholder = name.trim().replace(/\s+/g, ' ');
      const confirmed = await confirmCardSetup(setupIntent.clientSecret, {
        name: cardholder,
        addressLine1: setupIntent.addressLine1,
        postalCode: setupIntent.zipcode,
      });
      if (isConfirmCardSetupError(confirmed)) {
        dispatch(cardSetupRefused({ error: confirmed.error, addressAttempts }));
        return;
      }
      const response = replacePaymentMethodId
        ? await replaceDebitCard({
            paymentMethodId: replacePaymentMethodId,
            token: confirmed.setupIntentId,
            providerPaymentMethodId: confirmed.paymentMethodId,
          }).unwrap()
        : await linkDebitCard({ token: confirmed.setupIntentId, paymentMethodId: confirmed.paymentMethodId }).unwrap();
      dispatch(debitCardLinked({ displayName: response.linkedPaymentMethod.displayName }));
    } catch (error) {
      dispatch(debitCardLinkFailed({ error: toFailure(error), addressAttempts }));
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
        <Actions>
          {onCancel ? (
            <Button variant="secondary" onClick={onCancel} disabled={submitting}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={submitting || setupIntentLoading} disabled={!setupIntent || !canSubmitCard(name, card)}>
            Next
          </Button>
        </Actions>
      </Stack>
    </form>
  );
}

const HOLDER_BLOCKER_TITLES: Record<DebitCardHolderRefusal['blocker'], string> = {
  applicationNotComplete: 'Finish your application first',
  noAddressOnFile: 'Add your address first',
  addressChangesUsedUp: 'Too many address changes',
};

/**
 * The card dialog's first screen while a debit-card blocker stands (the server would refuse the card for it):
 * what is wrong, in the server's words, and the way forward, with no card field to fill.
 */
function CardHolderBlocker({
  refusal,
  onCancel,
  onFinishApplication,
  onAddAddress,
}: {
  refusal: DebitCardHolderRefusal;
  onCancel: () => void;
  onFinishApplication: () => void;
  onAddAddress: () => void;
}) {
  return (
    <Stack gap={5}>
      <div className="ff-debit-card__blocker" role="alert" data-error-code={refusal.errorCode}>
        <p className="ff-debit-card__blocker-title">{HOLDER_BLOCKER_TITLES[refusal.blocker]}</p>
        <p className="ff-debit-card__message">{refusal.message}</p>
      </div>
      <Actions>
        <Button variant="secondary" onClick={onCancel}>
          {refusal.blocker === 'addressChangesUsedUp' ? 'Dismiss' : 'Cancel'}
        </Button>
        {refusal.blocker === 'applicationNotComplete' ? <Button onClick={onFinishApplication}>Finish Application</Button> : null}
        {refusal.blocker === 'noAddressOnFile' ? <Button onClick={onAddAddress}>Add your address</Button> : null}
        {refusal.blocker === 'addressChangesUsedUp' ? (
          <a className={buttonClassName('primary')} href={supportMailto(refusal.message)}>
            Contact Support
          </a>
        ) : null}
      </Actions>
    </Stack>
  );
}

// ---- address form ----

function AddressStep({ setupIntent, reason }: { setupIntent: SetupIntentResponse | undefined; reason: string | null }) {
  const dispatch = useAppDispatch();
  const [updateAddress] = useUpdateAddressMutation();
  const [sendFailure, setSendFailure] = useState<string | null>(null);
  // The address on file prefills the form; without one the customer starts by searching.
  const initialAddress = addressDraftFromSetupIntent(setupIntent);
  const prefilled = initialAddress.address1 !== '' || initialAddress.zipcode !== '';

  // AddressCapture hands over the address once verification (4.8) accepted it, or the typed one if it failed.
  const sendAddress = async (address: Address) => {
    setSendFailure(null);
    try {
      const response = await updateAddress(address).unwrap();
      dispatch(addressChangeSent({ attempts: response.attempts }));
    } catch (error) {
      // 'Address update failed' (section 8) stays next to the form, which keeps what was typed: Next sends it again.
      setSendFailure(errorMessage(error));
      dispatch(addressChangeRefused(toFailure(error)));
    }
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
        onSubmit={sendAddress}
      />
    </Stack>
  );
}

// ---- email verification ----

function VerificationSentStep({ onDone }: { onDone: () => void }) {
  return (
    <Stack gap={5}>
      <div className="ff-debit-card__status">
        <span className="ff-debit-card__status-icon" aria-hidden="true">
          <CardIcon size={28} />
        </span>
        <p>We sent a link to your email address. Open it to confirm your new address; we&apos;ll bring you back here to link your card.</p>
      </div>
      <SandboxVerificationLink />
      <Actions>
        <Button onClick={onDone}>Done</Button>
      </Actions>
    </Stack>
  );
}

/** Sandbox only: no email leaves the server, so show where the message is and its link. */
function SandboxVerificationLink() {
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

function ConfirmingAddressStep({ token }: { token: string | null }) {
  const dispatch = useAppDispatch();
  const [confirmAddress] = useConfirmAddressMutation();
  const [, setSearchParams] = useSearchParams();
  const confirmedToken = useRef<string | null>(null);
  useEffect(() => {
    if (!token || confirmedToken.current === token) return;
    confirmedToken.current = token;
    // The emailed token works once: once it is spent, it leaves the address bar so a reload cannot replay it.
    const dropToken = () =>
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          next.delete('auv');
          return next;
        },
        { replace: true },
      );
    // A failure without a definite answer leaves the link unused as far as we know: it stays, for Try Again.
    confirmAddress({ token })
      .unwrap()
      .then(() => {
        dropToken();
        dispatch(addressConfirmed());
      })
      .catch((error: unknown) => {
        if (!isPassingFailure(toFailure(error))) dropToken();
        dispatch(addressConfirmationFailed(toFailure(error)));
      });
  }, [token, confirmAddress, dispatch, setSearchParams]);
  return <Spinner label="Verifying your address" size="lg" className="ff-debit-card__wait" />;
}

// ---- outcomes ----

function SuccessStep({ displayName, replacing, onDone }: { displayName: string | null; replacing: boolean; onDone: () => void }) {
  return (
    <Stack gap={5}>
      <div className="ff-debit-card__status">
        <span className="ff-debit-card__status-icon ff-debit-card__status-icon--success" aria-hidden="true">
          <CheckCircleIcon size={28} />
        </span>
        <p role="status">
          {displayName ?? 'Your debit card'} is {replacing ? 'now your debit card' : 'linked'}. You can use it to deposit money instantly.
        </p>
      </div>
      <Actions>
        <Button onClick={onDone} autoFocus>
          Done
        </Button>
      </Actions>
    </Stack>
  );
}

function ErrorStep({ onDismiss, onFinishApplication }: { onDismiss: () => void; onFinishApplication: () => void }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const flow = useAppSelector(selectDebitCardFlow);
  const button = useAppSelector(selectDebitCardErrorButton);
  const [helpOpen, setHelpOpen] = useState(false);
  const helpId = `ff-debit-card-help-${useId()}`;
  const message = flow.error?.message ?? FundingMessages.debitCardDefault;

  const finishApplication = () => {
    dispatch(debitCardFlowClosed({ from: 'error' }));
    onFinishApplication();
    navigate(FINISH_APPLICATION_PATH);
  };

  return (
    <Stack gap={5}>
      <p className="ff-debit-card__message" role="alert">
        {message}
      </p>
      <div>
        <a
          href={`#${helpId}`}
          className="ff-debit-card__help-link"
          aria-expanded={helpOpen}
          aria-controls={helpId}
          onClick={(event) => {
            event.preventDefault();
            setHelpOpen((open) => !open);
          }}
        >
          Learn more about linking your debit card
        </a>
        <div id={helpId} hidden={!helpOpen} className="ff-debit-card__help">
          <ul>
            {DEBIT_CARD_HELP_POINTS.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
      </div>
      <Actions>
        <Button variant="secondary" onClick={onDismiss}>
          Dismiss
        </Button>
        {button === 'retry' ? <Button onClick={() => dispatch(tryAgainChosen())}>Try Again</Button> : null}
        {button === 'finishApplication' ? <Button onClick={finishApplication}>Finish Application</Button> : null}
        {button === 'support' ? (
          <a className={buttonClassName('primary')} href={supportMailto(message)}>
            Contact Support
          </a>
        ) : null}
      </Actions>
    </Stack>
  );
}

function MaxAttemptsStep({ onDismiss }: { onDismiss: () => void }) {
  const hasBank = useAppSelector(selectHasLinkedBank);
  const message = `You have changed your address ${DEBIT_CARD_MAX_ADDRESS_ATTEMPTS} times, the most we allow when linking a debit card.`;
  return (
    <Stack gap={5}>
      <p className="ff-debit-card__message" role="alert">
        {message} To keep your account safe, you can't change it again here.
      </p>
      <Actions>
        <Button variant="secondary" onClick={onDismiss}>
          Dismiss
        </Button>
        {hasBank ? null : (
          <a className={buttonClassName('primary')} href={supportMailto(message)}>
            Contact Support
          </a>
        )}
      </Actions>
    </Stack>
  );
}
