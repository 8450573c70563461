import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { mswServer } from '../../../test/msw/server';
import { errorAnswer, sandboxPlaidLoginHandler } from '../../../test/msw/bankLinkHandlers';
import { http, HttpResponse } from 'msw';
import { API_ORIGIN } from '../../../test/msw/handlers';
import { ApiPaths } from '../../../api/contract/values';
import { INVALID_CREDENTIALS_MESSAGE } from './sandboxPlaid';
import { SandboxPlaidLink } from './SandboxPlaidLink';

type Props = Parameters<typeof SandboxPlaidLink>[0];

function setup(props: Partial<Parameters<typeof SandboxPlaidLink>[0]> = {}) {
  const onSuccess = jest.fn<void, Parameters<Props['onSuccess']>>();
  const onExit = jest.fn<void, Parameters<NonNullable<Props['onExit']>>>();
  const onEvent = jest.fn<void, Parameters<NonNullable<Props['onEvent']>>>();
  const navigate = jest.fn<void, [string]>();
  const view = renderWithProviders(
    <SandboxPlaidLink
      token="link-sandbox-1"
      institutionName="Chase"
      onSuccess={onSuccess}
      onExit={onExit}
      onEvent={onEvent}
      navigate={navigate}
      {...props}
    />,
  );
  return { ...view, onSuccess, onExit, onEvent, navigate };
}

async function logIn(user: ReturnType<typeof setup>['user'], username: string, password: string) {
  await user.clear(screen.getByLabelText('Username'));
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('sandbox partner dialog (Plaid sandbox imitation)', () => {
  beforeEach(() => mswServer.use(sandboxPlaidLoginHandler()));

  it('shows the bank and the sandbox credential hints, and is a labelled dialog', () => {
    setup();
    expect(screen.getByRole('dialog', { name: 'Log in to Chase' })).toBeInTheDocument();
    expect(screen.getByText('Sandbox: user_good')).toBeInTheDocument();
    expect(screen.getByText('Sandbox: pass_good')).toBeInTheDocument();
  });

  it('good credentials lead to the account picker, and Continue calls onSuccess with the public token and the picked account', async () => {
    const { user, onSuccess, onExit, onEvent } = setup();
    await logIn(user, 'user_good', 'pass_good');
    expect(await screen.findByRole('dialog', { name: 'Select an account' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Plaid Checking •••• 0000' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Plaid Saving •••• 1111' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    const [publicToken, metadata] = onSuccess.mock.calls[0];
    expect(publicToken).toBe('public-sandbox-link-sandbox-1');
    expect(metadata.institution).toEqual({ name: 'Chase', institution_id: 'chase' });
    expect(metadata.accounts).toEqual([
      expect.objectContaining({ id: 'acc-saving', name: 'Plaid Saving', mask: '1111', subtype: 'savings' }),
    ]);
    expect(onExit).not.toHaveBeenCalled();
    expect(onEvent.mock.calls.map(([name]) => name)).toEqual(expect.arrayContaining(['OPEN', 'SUBMIT_CREDENTIALS', 'HANDOFF']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('bad credentials are told inside the dialog and the customer can try again, like Plaid', async () => {
    const { user, onSuccess, onExit, onEvent } = setup();
    await logIn(user, 'user_good', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_CREDENTIALS_MESSAGE);
    expect(onExit).not.toHaveBeenCalled();
    expect(onEvent).toHaveBeenCalledWith('ERROR', expect.objectContaining({ error_code: 'INVALID_CREDENTIALS' }));
    await logIn(user, 'user_good', 'pass_good');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(onSuccess).toHaveBeenCalledTimes(1);
  });

  it('an invalid link token ends with onExit and the INVALID_LINK_TOKEN error', async () => {
    mswServer.use(sandboxPlaidLoginHandler({ invalidTokens: ['link-sandbox-1'] }));
    const { user, onExit } = setup();
    await logIn(user, 'user_good', 'pass_good');
    await waitFor(() => expect(onExit).toHaveBeenCalledTimes(1));
    expect(onExit.mock.calls[0][0]).toEqual(expect.objectContaining({ error_code: 'INVALID_LINK_TOKEN', error_type: 'INVALID_INPUT' }));
  });

  it('another Plaid error code ends with onExit(error)', async () => {
    mswServer.use(
      http.post(`${API_ORIGIN}${ApiPaths.sandboxPlaidLogin}`, () =>
        HttpResponse.json(errorAnswer(400, 'ITEM_LOCKED', 'The account is locked.').body, { status: 400 }),
      ),
    );
    const { user, onExit } = setup();
    await logIn(user, 'user_good', 'pass_good');
    await waitFor(() => expect(onExit).toHaveBeenCalledTimes(1));
    expect(onExit.mock.calls[0][0]).toEqual(
      expect.objectContaining({ error_code: 'ITEM_LOCKED', display_message: 'The account is locked.' }),
    );
  });

  it.each([
    [
      'a 500',
      () => HttpResponse.json(errorAnswer(500, 'INTERNAL_ERROR', 'Something went wrong on our side.').body, { status: 500 }),
      'Something went wrong on our side.',
    ],
    [
      'a 429',
      () => HttpResponse.json(errorAnswer(429, 'RATE_LIMITED', 'Too many requests. Try again in 30 seconds.').body, { status: 429 }),
      'Too many requests. Try again in 30 seconds.',
    ],
    ['a dropped connection', () => HttpResponse.error(), 'We could not reach Fundflow. Check your connection and try again.'],
  ])('%s is told inside the dialog, what was typed stays, and Submit works again (no exit)', async (_name, answer, message) => {
    let calls = 0;
    mswServer.use(
      http.post(`${API_ORIGIN}${ApiPaths.sandboxPlaidLogin}`, () => {
        calls += 1;
        return calls === 1 ? answer() : undefined;
      }),
    );
    const { user, onExit, onSuccess } = setup();
    await logIn(user, 'user_good', 'pass_good');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onExit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Username')).toHaveValue('user_good');
    expect(screen.getByLabelText('Password')).toHaveValue('pass_good');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(calls).toBe(2);
  });

  it('closing the dialog is an exit without error (a cancel)', async () => {
    const { user, onExit, onSuccess } = setup();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onExit).toHaveBeenCalledWith(null, expect.objectContaining({ status: 'requires_credentials' }));
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('an OAuth bank first sends the customer to the bank: a navigation to our redirect URI with an oauth_state_id', async () => {
    const { user, navigate } = setup({ oauth: true, institutionName: 'Platypus OAuth Bank' });
    expect(screen.getByText(/You will be sent to Platypus OAuth Bank to log in/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue to Platypus OAuth Bank' }));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate.mock.calls[0][0]).toMatch(/^\/settings\/bank-link\?oauth_state_id=[0-9a-f]{24}$/);
  });

  it('reopened with receivedRedirectUri, an OAuth bank completes the login', async () => {
    const { user, onSuccess, navigate } = setup({
      oauth: true,
      receivedRedirectUri: 'http://localhost/settings/bank-link?oauth_state_id=abc',
    });
    await logIn(user, 'user_good', 'pass_good');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(navigate).not.toHaveBeenCalled();
  });
});
