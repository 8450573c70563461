import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSandboxPlaidLoginMutation } from '../../../api/bankLinkApi';
import { errorMessage, isOutage } from '../../../api/apiError';
import type { SandboxPlaidLoginResponse } from '../../../api/contract';
import { Button, Modal, ShieldIcon, Stack } from '../../../ui';
import {
  eventMetadata,
  exitMetadata,
  newLinkSessionId,
  OAUTH_STATE_PARAM,
  PARTNER_OAUTH_REDIRECT_PATH,
  type PartnerLinkProps,
} from './partnerLink';
import { INVALID_CREDENTIALS, INVALID_CREDENTIALS_MESSAGE, partnerErrorFrom, randomStateId, toPartnerAccount } from './sandboxPlaid';
import { SandboxPlaidAccountChoice } from './SandboxPlaidAccountChoice';
import { SandboxPlaidCredentialsForm } from './SandboxPlaidCredentialsForm';
import { SandboxPlaidOauthStep } from './SandboxPlaidOauthStep';
import './sandboxPlaidLink.css';

type SandboxStep = 'oauth' | 'credentials' | 'accounts';

export interface SandboxPlaidLinkProps extends PartnerLinkProps {
  /** How the OAuth step leaves the app for "the bank's site"; tests replace the page navigation. */
  navigate?: (url: string) => void;
}

/**
 * Sandbox mode: an in-app imitation of Plaid Link in its sandbox (no network beyond our server). The
 * customer logs in with Plaid's test credentials, picks an account and continues; closing is an exit
 * without error, like Plaid. For an OAuth bank it first sends the customer "to the bank" (a real
 * navigation to our redirect URI with an oauth_state_id), and the reopened widget finishes the login.
 */
export function SandboxPlaidLink({
  token,
  receivedRedirectUri,
  institutionName,
  oauth = false,
  onSuccess,
  onExit,
  onEvent,
  navigate = (url) => window.location.assign(url),
}: SandboxPlaidLinkProps) {
  const [linkSessionId] = useState(newLinkSessionId);
  const [step, setStep] = useState<SandboxStep>(oauth && !receivedRedirectUri ? 'oauth' : 'credentials');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [credentialsError, setCredentialsError] = useState<string | null>(null);
  const [login, setLogin] = useState<SandboxPlaidLoginResponse | null>(null);
  const [selectedAccountId, setSelectedAccountId] = useState<string | null>(null);
  const [finished, setFinished] = useState(false);
  const [sandboxLogin, loginState] = useSandboxPlaidLoginMutation();
  const bankName = login?.institution.name ?? institutionName ?? 'your bank';

  const onEventRef = useRef(onEvent);
  useEffect(() => {
    onEventRef.current = onEvent;
  });
  const emit = (name: string, overrides: Parameters<typeof eventMetadata>[1] = {}) =>
    onEventRef.current?.(name, eventMetadata(linkSessionId, { institution_name: institutionName ?? null, ...overrides }));

  useEffect(() => {
    onEventRef.current?.('OPEN', eventMetadata(linkSessionId, { view_name: receivedRedirectUri ? 'OAUTH' : null }));
  }, [linkSessionId, receivedRedirectUri]);

  const exitStatus = step === 'oauth' ? 'requires_oauth' : step === 'credentials' ? 'requires_credentials' : 'requires_account_selection';
  const institutionMeta = login ? { name: login.institution.name, institution_id: login.institution.id } : null;

  function finish(callback: () => void) {
    setFinished(true);
    callback();
  }

  function close() {
    if (finished) return;
    emit('EXIT', { exit_status: exitStatus });
    finish(() => onExit(null, exitMetadata(linkSessionId, exitStatus, institutionMeta)));
  }

  function goToBank() {
    emit('OPEN_OAUTH');
    const url = new URL(PARTNER_OAUTH_REDIRECT_PATH, window.location.origin);
    url.searchParams.set(OAUTH_STATE_PARAM, randomStateId());
    navigate(url.pathname + url.search);
  }

  async function submitCredentials(event: FormEvent) {
    event.preventDefault();
    setCredentialsError(null);
    emit('SUBMIT_CREDENTIALS');
    try {
      const answer = await sandboxLogin({ linkToken: token, username, password }).unwrap();
      setLogin(answer);
      setSelectedAccountId(answer.accounts[0]?.id ?? null);
      setStep('accounts');
    } catch (error) {
      const partnerError = partnerErrorFrom(error);
      emit('ERROR', {
        error_type: partnerError.error_type,
        error_code: partnerError.error_code,
        error_message: partnerError.error_message,
      });
      if (isOutage(error)) {
        // Our sandbox endpoint failed or could not be reached: Plaid too keeps its window open on its own
        // outages. The message is told here and what the customer typed stays for Submit again.
        setCredentialsError(errorMessage(error));
        return;
      }
      if (partnerError.error_code === INVALID_CREDENTIALS) {
        // Like Plaid: wrong credentials are told inside the widget and the customer tries again.
        setCredentialsError(INVALID_CREDENTIALS_MESSAGE);
        setPassword('');
        return;
      }
      emit('EXIT', { error_code: partnerError.error_code });
      finish(() => onExit(partnerError, exitMetadata(linkSessionId, 'requires_credentials', institutionMeta)));
    }
  }

  function continueWithAccount() {
    if (!login) return;
    const account = login.accounts.find((candidate) => candidate.id === selectedAccountId);
    if (!account) return;
    emit('HANDOFF');
    finish(() =>
      onSuccess(login.publicToken, {
        institution: { name: login.institution.name, institution_id: login.institution.id },
        accounts: [toPartnerAccount(account)],
        link_session_id: linkSessionId,
      }),
    );
  }

  const title = step === 'accounts' ? 'Select an account' : `Log in to ${bankName}`;
  const footer =
    step === 'oauth' ? (
      <Button fullWidth onClick={goToBank}>
        Continue to {bankName}
      </Button>
    ) : step === 'credentials' ? (
      <Button fullWidth type="submit" form={`sandbox-plaid-${linkSessionId}`} loading={loginState.isLoading}>
        Submit
      </Button>
    ) : (
      <Button fullWidth onClick={continueWithAccount} disabled={!selectedAccountId}>
        Continue
      </Button>
    );

  return (
    <Modal open={!finished} title={title} onClose={close} width={420} footer={footer} className="ff-sandbox-plaid">
      <Stack gap={4}>
        <p className="ff-sandbox-plaid__brand">
          <ShieldIcon size={18} /> <span>Plaid sandbox · Fundflow uses Plaid to connect your bank</span>
        </p>
        {step === 'oauth' ? <SandboxPlaidOauthStep bankName={bankName} /> : null}
        {step === 'credentials' ? (
          <SandboxPlaidCredentialsForm
            formId={`sandbox-plaid-${linkSessionId}`}
            bankName={bankName}
            username={username}
            password={password}
            credentialsError={credentialsError}
            onUsername={setUsername}
            onPassword={setPassword}
            onSubmit={(event) => void submitCredentials(event)}
          />
        ) : null}
        {step === 'accounts' && login ? (
          <SandboxPlaidAccountChoice
            name={`sandbox-plaid-account-${linkSessionId}`}
            accounts={login.accounts}
            selectedId={selectedAccountId}
            onSelect={setSelectedAccountId}
          />
        ) : null}
      </Stack>
    </Modal>
  );
}
