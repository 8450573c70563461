import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSandboxPlaidLoginMutation } from '../../../api/bankLinkApi';
import { errorMessage, isApiError, isOutage } from '../../../api/apiError';
import type { SandboxPlaidAccount, SandboxPlaidLoginResponse } from '../../../api/contract';
import { BankIcon, Button, Modal, Notice, ShieldIcon, Stack, TextField } from '../../../ui';
import {
  eventMetadata,
  exitMetadata,
  INVALID_LINK_TOKEN,
  newLinkSessionId,
  OAUTH_STATE_PARAM,
  PARTNER_OAUTH_REDIRECT_PATH,
  type PartnerAccount,
  type PartnerLinkError,
  type PartnerLinkProps,
} from './partnerLink';
import './sandboxPlaidLink.css';

/** Plaid's sandbox credentials (plaid.com/docs/sandbox/test-credentials). */
export const SANDBOX_USERNAME = 'user_good';
export const SANDBOX_PASSWORD = 'pass_good';
/** Plaid's display message for wrong credentials; the customer may try again inside the widget. */
export const INVALID_CREDENTIALS_MESSAGE = 'The username or password provided were not correct. Please try again.';
const INVALID_CREDENTIALS = 'INVALID_CREDENTIALS';

type SandboxStep = 'oauth' | 'credentials' | 'accounts';

export interface SandboxPlaidLinkProps extends PartnerLinkProps {
  /** How the OAuth step leaves the app for "the bank's site"; tests replace the page navigation. */
  navigate?: (url: string) => void;
}

function randomStateId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A Plaid error object from our sandbox endpoint's error answer. */
function partnerErrorFrom(error: unknown): PartnerLinkError {
  const code = isApiError(error) ? error.errorCode : undefined;
  const message = isApiError(error) ? error.message : 'The sandbox bank login failed.';
  if (!code) return { error_type: 'API_ERROR', error_code: 'INTERNAL_SERVER_ERROR', error_message: message, display_message: null };
  return {
    error_type: code === INVALID_LINK_TOKEN ? 'INVALID_INPUT' : 'ITEM_ERROR',
    error_code: code,
    error_message: message,
    display_message: message,
  };
}

const toPartnerAccount = (account: SandboxPlaidAccount): PartnerAccount => ({
  id: account.id,
  name: account.name,
  mask: account.mask,
  type: 'depository',
  subtype: account.subtype,
  verification_status: null,
  class_type: null,
});

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
        {step === 'oauth' ? (
          <Stack gap={3}>
            <div className="ff-sandbox-plaid__bank">
              <BankIcon size={28} />
              <strong>{bankName}</strong>
            </div>
            <p>You will be sent to {bankName} to log in. You will come back here to finish linking your account.</p>
          </Stack>
        ) : null}
        {step === 'credentials' ? (
          <form id={`sandbox-plaid-${linkSessionId}`} onSubmit={(event) => void submitCredentials(event)} noValidate>
            <Stack gap={4}>
              <p>Enter your {bankName} username and password.</p>
              {credentialsError ? (
                <Notice tone="danger" live="assertive">
                  {credentialsError}
                </Notice>
              ) : null}
              <TextField
                label="Username"
                name="username"
                autoComplete="off"
                autoFocus
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                hint={`Sandbox: ${SANDBOX_USERNAME}`}
              />
              <TextField
                label="Password"
                name="password"
                type="password"
                autoComplete="off"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                hint={`Sandbox: ${SANDBOX_PASSWORD}`}
              />
            </Stack>
          </form>
        ) : null}
        {step === 'accounts' && login ? (
          <fieldset className="ff-sandbox-plaid__accounts">
            <legend>Which account do you want to link?</legend>
            {login.accounts.map((account) => (
              <label key={account.id} className="ff-sandbox-plaid__account">
                <input
                  type="radio"
                  name={`sandbox-plaid-account-${linkSessionId}`}
                  value={account.id}
                  checked={selectedAccountId === account.id}
                  onChange={() => setSelectedAccountId(account.id)}
                />
                <span>
                  {account.name} •••• {account.mask}
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
      </Stack>
    </Modal>
  );
}
