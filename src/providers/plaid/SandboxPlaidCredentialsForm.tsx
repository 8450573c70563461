import type { FormEvent } from 'react';
import { Notice, Stack, TextField } from '../../../ui';
import { SANDBOX_PASSWORD, SANDBOX_USERNAME } from './sandboxPlaid';

/** The bank login: username and password (the sandbox's test values as hints), and what went wrong last time. */
export function SandboxPlaidCredentialsForm({
  formId,
  bankName,
  username,
  password,
  credentialsError,
  onUsername,
  onPassword,
  onSubmit,
}: {
  /** The modal footer's Submit button submits this form by its id. */
  formId: string;
  bankName: string;
  username: string;
  password: string;
  credentialsError: string | null;
  onUsername: (username: string) => void;
  onPassword: (password: string) => void;
  onSubmit: (event: FormEvent) => void;
}) {
  return (
    <form id={formId} onSubmit={onSubmit} noValidate>
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
          onChange={(event) => onUsername(event.target.value)}
          hint={`Sandbox: ${SANDBOX_USERNAME}`}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="off"
          value={password}
          onChange={(event) => onPassword(event.target.value)}
          hint={`Sandbox: ${SANDBOX_PASSWORD}`}
        />
      </Stack>
    </form>
  );
}
