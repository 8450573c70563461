import { useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { FundingMessages, LINK_MODAL_HEIGHT_PX } from '../../api/contract/values';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { AlertIcon, Notice, Spinner } from '../../ui';
import { FlowFrame, type FlowPresentation } from '../moneyFlow/FlowFrame';
import { AdditionGate, useAdditionRefusal } from '../fundingMethods/AdditionGate';
import {
  bankLookedUp,
  fallbackChosen,
  flowOpened,
  institutionSelected,
  linkProviderChosen,
  numberFormSubmitted,
  selectBankLinkStep,
  selectFallbackVariant,
  selectLinkRefusal,
  selectNumberLinkEntry,
  selectNumberLinkOutage,
  selectNumberLinkRequest,
  selectSelectedInstitution,
  tryAgainPressed,
  type BankLinkStep,
  type SelectedInstitution,
} from './bankLinkSlice';
import { selectShowBackButton } from './bankLinkSelectors';
import { bankLinkTransition, closeBankLink, goBack, sendNumberLink as sendNumberLinkThunk } from './bankLinkThunks';
import { BANK_LINK_TEXT } from './bankLinkCopy';
import { BankLinkPageFrame } from './BankLinkPageFrame';
import { BankSelectorStep } from './steps/BankSelectorStep';
import { FallbacksStep } from './steps/FallbacksStep';
import { LinkChoiceStep } from './steps/LinkChoiceStep';
import { NumberLinkErrorStep } from './steps/NumberLinkErrorStep';
import { NumberLinkStep, type NumberLinkSubmission } from './steps/NumberLinkStep';
import { PartnerLinkStep } from './steps/PartnerLinkStep';
import { SuccessStep } from './steps/SuccessStep';
import { VerificationStep } from './steps/VerificationStep';
import type { LinkTokenResume } from './useLinkToken';
import './bankLink.css';

export interface OAuthResume extends LinkTokenResume {
  institution: SelectedInstitution;
}

export interface BankLinkFlowProps {
  presentation: FlowPresentation;
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

  function back() {
    if (step === 'bank-selector') {
      close();
      return;
    }
    dispatch(goBack());
  }

  async function sendNumberLink(routingNumber: string, account: string) {
    try {
      await dispatch(sendNumberLinkThunk(routingNumber, account));
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
        body = <FallbacksStep onLinkChosen={(option) => dispatch(fallbackChosen(option))} onClose={close} />;
        break;
      case 'bank-link-success':
        body = <SuccessStep />;
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

  return (
    <FlowFrame
      presentation={presentation}
      page={BankLinkPageFrame}
      block="ff-bank-link-modal"
      title={title}
      onClose={close}
      onBack={showBack ? back : undefined}
      height={LINK_MODAL_HEIGHT_PX}
      onLeave={onClose}
    >
      {content}
    </FlowFrame>
  );
}
