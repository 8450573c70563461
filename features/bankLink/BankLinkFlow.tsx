import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { bankLinkApi } from '../../api/bankLinkApi';
import { isApiError } from '../../api/apiError';
import { selectPaymentMethodById, useGetPaymentMethodsQuery } from '../../api/paymentMethodsApi';
import { FundingMessages, LINK_MODAL_HEIGHT_PX } from '../../api/contract/values';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import {
  AlertIcon,
  BankIcon,
  Badge,
  Button,
  CardIcon,
  CheckCircleIcon,
  ChevronLeftIcon,
  CloseIcon,
  ListRow,
  MicroDepositIcon,
  Modal,
  Notice,
  Spinner,
  Stack,
  WireIcon,
} from '../../ui';
import { maskedNumber } from '../paymentMethods/paymentMethodSelectors';
import {
  bankLookedUp,
  fallbackChosen,
  flowClosed,
  flowOpened,
  institutionSelected,
  linkProviderChosen,
  numberFormSubmitted,
  numberLinkSent,
  numberLinkSucceeded,
  selectBankLinkStep,
  selectFallbackVariant,
  selectLinkedPaymentMethodId,
  selectLinkRefusal,
  selectNumberLinkEntry,
  selectNumberLinkOutage,
  selectNumberLinkRequest,
  selectSelectedInstitution,
  tryAgainPressed,
  type BankLinkStep,
  type FallbackOption,
  type SelectedInstitution,
} from './bankLinkSlice';
import { isRefusalCode, numbersRefused, selectShowBackButton, selectVisibleFallbackOptions } from './bankLinkSelectors';
import {
  BankLinkAnalytics,
  bankLinkTransition,
  closeBankLink,
  goBack,
  linkRefusedTracked,
  numberLinkFailedTracked,
  numberLinkUnavailableTracked,
} from './bankLinkEvents';
import { BankSelectorStep } from './BankSelectorStep';
import { NumberLinkStep, type NumberLinkSubmission } from './NumberLinkStep';
import { PartnerLinkStep } from './PartnerLinkStep';
import type { LinkTokenResume } from './useLinkToken';
import { analyticsEventRecorded } from '../analytics/analyticsSlice';
import './bankLink.css';
import { AdditionGate, useAdditionRefusal } from '../fundingMethods/AdditionGate';

/** Where the fallbacks that leave the flow go (2.4), exactly. */
export const FALLBACK_ROUTES = {
  DEBIT_CARD: '/settings/payment-methods?m=debit',
  MICRO_DEPOSIT: '/settings/funding-methods?m=microdeposit&step=add-funding-method',
  WIRE_TRANSFER: '/settings/wire-transfer',
} as const;
/** Done in page mode reopens the add-funding-methods modal. */
export const PAGE_DONE_ROUTE = '/settings/funding-methods?addFundingMethods=enabled';
/** 'Set nickname' opens the management page's nickname editor for the new method. */
export const nicknameRoute = (paymentMethodId: string) => `/settings/funding-methods?nickname=${encodeURIComponent(paymentMethodId)}`;

export const BANK_LINK_TEXT = {
  selectorTitle: 'Select your bank',
  /** The selector's title when an addition rule refuses another bank (the page says why instead of a search). */
  blockedTitle: "You can't link another bank",
  choiceTitle: 'How do you want to link your bank?',
  numberTitle: 'Enter your account details',
  verificationTitle: 'Is this the right account?',
  errorTitle: "We couldn't verify your account",
  errorBody: 'Check your routing and account numbers, then try again.',
  // The spec has no words for an outage on this step. A careful fintech says whose problem it was: the
  // server's message (api/apiError.ts: our side, the connection, a time-out, slow down) and that the numbers
  // were not at fault, with Try Again. It does not claim nothing was linked: after a time-out we cannot know.
  outageTitle: "We couldn't link your account",
  outageNotYourNumbers: 'This was not a problem with the numbers you entered.',
  successTitle: 'Bank account linked',
} as const;

const FALLBACK_LABELS: Record<FallbackOption, { title: string; subtitle: string; icon: ReactNode }> = {
  PLAID: { title: 'Log in to your bank', subtitle: 'Connect instantly with Plaid', icon: <BankIcon /> },
  VERIFICATION_SERVICE: { title: 'Enter routing and account number', subtitle: 'We verify the account for you', icon: <BankIcon /> },
  DEBIT_CARD: { title: 'Debit card', subtitle: 'Link a personal debit card', icon: <CardIcon /> },
  MICRO_DEPOSIT: { title: 'Microdeposit', subtitle: 'Confirm two small deposits in a few days', icon: <MicroDepositIcon /> },
  WIRE_TRANSFER: { title: 'Wire transfer', subtitle: 'Send money from your bank by wire', icon: <WireIcon /> },
};

export interface OAuthResume extends LinkTokenResume {
  institution: SelectedInstitution;
}

export interface BankLinkFlowProps {
  presentation: 'modal' | 'page';
  /** bankLinkHighYield: the fallbacks offer only the two bank-link kinds. */
  highYieldOnly?: boolean;
  onClose: () => void;
  /** The return from a bank's OAuth page: reopen the partner with the stored token. */
  oauthResume?: OAuthResume;
}

function stepTitle(
  step: BankLinkStep,
  institution: SelectedInstitution | null,
  fallbackVariant: 'tryAnother' | 'wentWrong',
  outage: string | null,
  blocked: boolean,
): string {
  switch (step) {
    case 'bank-selector':
      return blocked ? BANK_LINK_TEXT.blockedTitle : BANK_LINK_TEXT.selectorTitle;
    case 'link-choice':
      return BANK_LINK_TEXT.choiceTitle;
    case 'partner-link':
      return institution ? `Connect ${institution.name}` : 'Connect your bank';
    case 'number-link':
      return BANK_LINK_TEXT.numberTitle;
    case 'number-bank-verification':
      return BANK_LINK_TEXT.verificationTitle;
    case 'number-link-error':
      return outage === null ? BANK_LINK_TEXT.errorTitle : BANK_LINK_TEXT.outageTitle;
    case 'bank-link-fallbacks':
      return fallbackVariant === 'tryAnother' ? FundingMessages.fallbackTryAnotherTitle : FundingMessages.fallbackWentWrongTitle;
    case 'bank-link-success':
      return BANK_LINK_TEXT.successTitle;
  }
}

/**
 * The link-bank flow (2.4, 4.1): a modal of fixed height or a page body. Steps and history live in the
 * bankLink slice; the full account number lives only here, in component state, until it is sent.
 */
export default function BankLinkFlow({ presentation, highYieldOnly = false, onClose, oauthResume }: BankLinkFlowProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [resume, setResume] = useState(oauthResume);
  const step = useAppSelector(selectBankLinkStep);
  const institution = useAppSelector(selectSelectedInstitution);
  const refusal = useAppSelector(selectLinkRefusal);
  const entry = useAppSelector(selectNumberLinkEntry);
  const showBack = useAppSelector(selectShowBackButton);
  const fallbackVariant = useAppSelector(selectFallbackVariant);
  // The one place the full account number is kept: between the form and the link call.
  const [accountNumber, setAccountNumber] = useState<string | null>(null);
  const numberLinkRequest = useAppSelector(selectNumberLinkRequest);
  const numberLinkOutage = useAppSelector(selectNumberLinkOutage);
  const bankRefusal = useAdditionRefusal('bank');

  // Opening happens once per mount, with the props of the first render; a later prop change must not restart
  // the customer's flow.
  const [opening] = useState(() => ({ presentation, highYieldOnly, oauthResumeInstitution: oauthResume?.institution }));
  // Before the first paint, so the customer never sees a passing spinner (nor a replay a screen it cannot show).
  useLayoutEffect(() => {
    dispatch(flowOpened(opening));
    setOpened(true);
  }, [dispatch, opening]);

  // The stored token serves one reopening only; after the partner step it is spent.
  useEffect(() => {
    if (opened && step !== 'partner-link') setResume(undefined);
  }, [opened, step]);

  function close() {
    dispatch(closeBankLink());
    onClose();
  }

  /** Leave the flow for another page (fallbacks, nickname, Done in page mode). */
  function leaveTo(path: string) {
    dispatch(flowClosed());
    if (presentation === 'modal') onClose();
    navigate(path);
  }

  function back() {
    if (step === 'bank-selector') {
      close();
      return;
    }
    dispatch(goBack());
  }

  async function sendNumberLink(routingNumber: string, account: string) {
    dispatch(numberLinkSent());
    try {
      // Untracked: the mutation's arguments (the full account number) are not kept in the store's cache.
      const answer = await dispatch(
        bankLinkApi.endpoints.linkByNumber.initiate({ routingNumber, bankAccount: account }, { track: false }),
      ).unwrap();
      dispatch(bankLinkTransition(numberLinkSucceeded({ paymentMethodId: answer.linkedPaymentMethod.id })));
      dispatch(analyticsEventRecorded(BankLinkAnalytics.succeeded, { provider: 'VERIFICATION_SERVICE' }));
    } catch (error) {
      const code = isApiError(error) ? error.errorCode : undefined;
      const message = isApiError(error) ? error.message : FundingMessages.tryAgain;
      const reason = code ?? (isApiError(error) ? String(error.status) : 'UNKNOWN');
      if (isRefusalCode(code)) dispatch(linkRefusedTracked({ errorCode: code ?? '', message }));
      // Only the server's verdict on the numbers counts as an attempt; an outage is told as ours.
      else if (numbersRefused(error)) dispatch(numberLinkFailedTracked(reason, message));
      else dispatch(numberLinkUnavailableTracked(reason, message));
    } finally {
      // Sent (or refused): the full number is not kept any longer.
      setAccountNumber(null);
    }
  }

  function onNumberEntered({ routingNumber, accountNumber: account, bankName }: NumberLinkSubmission) {
    setAccountNumber(account);
    dispatch(bankLookedUp({ routingNumber, accountLast4: account.slice(-4), bankName }));
    // No bank found: nothing to confirm, the link is sent straight away.
    if (bankName === null) void sendNumberLink(routingNumber, account);
  }

  let body: ReactNode;
  if (!opened) body = <Spinner label="Loading" />;
  else {
    switch (step) {
      case 'bank-selector':
        // The addition rules first: a customer who may not add a bank reads why before choosing one.
        body = (
          <AdditionGate addition="bank" backLabel="Back" onBack={close}>
            <BankSelectorStep
              onSelect={(picked) =>
                dispatch(
                  bankLinkTransition(
                    institutionSelected({ id: picked.id, name: picked.name, linkOptions: [...picked.linkOptions], oauth: picked.oauth }),
                  ),
                )
              }
            />
          </AdditionGate>
        );
        break;
      case 'link-choice':
        body = <LinkChoiceStep onChoose={(provider) => dispatch(linkProviderChosen(provider))} />;
        break;
      case 'partner-link':
        body = institution ? <PartnerLinkStep institution={institution} resume={resume} /> : null;
        break;
      case 'number-link':
        body = (
          <NumberLinkStep
            initialRoutingNumber={entry?.routingNumber}
            initialAccountNumber={accountNumber ?? undefined}
            submitting={numberLinkRequest !== null}
            onLookUp={() => dispatch(numberFormSubmitted())}
            onSubmit={onNumberEntered}
          />
        );
        break;
      case 'number-bank-verification':
        body = entry ? (
          <VerificationStep
            bankName={entry.bankName ?? ''}
            accountLast4={entry.accountLast4}
            routingNumber={entry.routingNumber}
            submitting={numberLinkRequest === 'link'}
            // The full number lives only in this component; should it be gone, the customer enters it again.
            onConfirm={() => (accountNumber !== null ? void sendNumberLink(entry.routingNumber, accountNumber) : dispatch(goBack()))}
            onEdit={() => dispatch(goBack())}
          />
        ) : null;
        break;
      case 'number-link-error':
        body = <NumberLinkErrorStep outage={numberLinkOutage} onTryAgain={() => dispatch(tryAgainPressed())} />;
        break;
      case 'bank-link-fallbacks':
        body = (
          <FallbacksStep
            onChoose={(option) => {
              if (option === 'PLAID' || option === 'VERIFICATION_SERVICE') dispatch(fallbackChosen(option));
              else leaveTo(FALLBACK_ROUTES[option]);
            }}
            onClose={close}
          />
        );
        break;
      case 'bank-link-success':
        body = (
          <SuccessStep
            onSetNickname={(id) => leaveTo(nicknameRoute(id))}
            onDone={() => (presentation === 'page' ? leaveTo(PAGE_DONE_ROUTE) : close())}
          />
        );
        break;
    }
  }

  const title = stepTitle(step, institution, fallbackVariant, numberLinkOutage, bankRefusal !== null);
  const content = (
    <div className="ff-bank-link" data-step={step}>
      {refusal ? (
        <Notice tone="danger" live="assertive" icon={<AlertIcon />} title="We couldn't link this account">
          {refusal.message}
        </Notice>
      ) : null}
      {body}
    </div>
  );

  if (presentation === 'modal') {
    return (
      <Modal
        open
        title={title}
        onClose={close}
        height={LINK_MODAL_HEIGHT_PX}
        onBack={showBack ? back : undefined}
        className="ff-bank-link-modal"
      >
        {content}
      </Modal>
    );
  }
  return (
    <section className="ff-bank-link-page" aria-labelledby="ff-bank-link-title">
      <header className="ff-bank-link-page__header">
        <div className="ff-bank-link-page__slot">
          {showBack ? (
            <button type="button" className="ff-icon-button" onClick={back} aria-label="Back">
              <ChevronLeftIcon size={22} />
            </button>
          ) : null}
        </div>
        <h1 id="ff-bank-link-title" className="ff-bank-link-page__title">
          {title}
        </h1>
        <div className="ff-bank-link-page__slot ff-bank-link-page__slot--end">
          <button type="button" className="ff-icon-button" onClick={close} aria-label="Close">
            <CloseIcon size={22} />
          </button>
        </div>
      </header>
      {content}
    </section>
  );
}

function LinkChoiceStep({ onChoose }: { onChoose: (provider: 'PLAID' | 'VERIFICATION_SERVICE') => void }) {
  return (
    <ul className="ff-bank-link__options" aria-label="Ways to link your bank">
      <li>
        <ListRow
          icon={<BankIcon />}
          title="Log in to your bank"
          subtitle="Connect instantly and securely with Plaid"
          badge="Recommended"
          onClick={() => onChoose('PLAID')}
        />
      </li>
      <li>
        <ListRow
          icon={<BankIcon />}
          title="Enter routing and account number"
          subtitle="Type the numbers from a check or your bank's app"
          onClick={() => onChoose('VERIFICATION_SERVICE')}
        />
      </li>
    </ul>
  );
}

interface VerificationStepProps {
  bankName: string;
  accountLast4: string;
  routingNumber: string;
  submitting: boolean;
  onConfirm: () => void;
  onEdit: () => void;
}

function VerificationStep({ bankName, accountLast4, routingNumber, submitting, onConfirm, onEdit }: VerificationStepProps) {
  return (
    <Stack gap={5}>
      <div className="ff-bank-link__account">
        <BankIcon size={28} />
        <dl className="ff-bank-link__account-details">
          <dt>Bank</dt>
          <dd>{bankName}</dd>
          <dt>Account</dt>
          <dd>{maskedNumber(accountLast4)}</dd>
          <dt>Routing number</dt>
          <dd>{routingNumber}</dd>
        </dl>
      </div>
      <div className="ff-bank-link__actions">
        <Button fullWidth onClick={onConfirm} loading={submitting}>
          Yes, link this account
        </Button>
        <Button fullWidth variant="secondary" onClick={onEdit} disabled={submitting}>
          No, edit the numbers
        </Button>
      </div>
    </Stack>
  );
}

/** number-link-error: the numbers were refused, or (outage) the link got no answer on them. */
function NumberLinkErrorStep({ outage, onTryAgain }: { outage: string | null; onTryAgain: () => void }) {
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

function FallbacksStep({ onChoose, onClose }: { onChoose: (option: FallbackOption) => void; onClose: () => void }) {
  const options = useAppSelector(selectVisibleFallbackOptions);
  const variant = useAppSelector(selectFallbackVariant);
  const bodyText = variant === 'tryAnother' ? FundingMessages.fallbackTryAnotherBody : FundingMessages.fallbackWentWrongBody;
  return (
    <Stack gap={5}>
      <p className="ff-bank-link__lead">{bodyText}</p>
      {options.length > 0 ? (
        <ul className="ff-bank-link__options" aria-label="Other ways to fund your account">
          {options.map((option) => (
            <li key={option}>
              <ListRow
                icon={FALLBACK_LABELS[option].icon}
                title={FALLBACK_LABELS[option].title}
                subtitle={FALLBACK_LABELS[option].subtitle}
                onClick={() => onChoose(option)}
              />
            </li>
          ))}
        </ul>
      ) : (
        <div className="ff-bank-link__actions">
          <Button fullWidth variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      )}
    </Stack>
  );
}

function SuccessStep({ onSetNickname, onDone }: { onSetNickname: (paymentMethodId: string) => void; onDone: () => void }) {
  const paymentMethodId = useAppSelector(selectLinkedPaymentMethodId);
  // Linking invalidated the list; subscribing here shows the new method as soon as it is refetched.
  useGetPaymentMethodsQuery();
  const method = useAppSelector((state) => (paymentMethodId ? selectPaymentMethodById(state, paymentMethodId) : undefined));
  return (
    <Stack gap={5} align="center" className="ff-bank-link__success">
      <CheckCircleIcon size={48} className="ff-bank-link__success-icon" />
      <p className="ff-bank-link__lead" role="status">
        {method ? (
          <>
            <strong>{method.displayName}</strong> {maskedNumber(method.paymentMethodNumber)} is ready to fund your account.
          </>
        ) : (
          'Your bank account is ready to fund your account.'
        )}
      </p>
      {method?.defaultPaymentMethod ? <Badge tone="success">Default</Badge> : null}
      <div className="ff-bank-link__actions">
        <Button fullWidth variant="secondary" onClick={() => paymentMethodId && onSetNickname(paymentMethodId)} disabled={!paymentMethodId}>
          Set nickname
        </Button>
        <Button fullWidth onClick={onDone}>
          Done
        </Button>
      </div>
    </Stack>
  );
}
