import { useState } from 'react';
import { AuthShell, Button, buttonClassName, Inline, ShieldIcon, Stack, TextField } from '../index';

/** The AuthShell page (?view=auth): a sign-in form that checks its two fields. */
export function GalleryAuthPreview() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  return (
    <AuthShell
      title="Log in to Fundflow"
      subtitle="Welcome back. Use the demo login from the README."
      footer={
        <Inline gap={2} justify="center">
          <ShieldIcon size={16} />
          <span>Your connection is encrypted.</span>
        </Inline>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
        }}
        noValidate
      >
        <Stack gap={5}>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={submitted && !email ? 'Enter your email' : undefined}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={submitted && !password ? 'Enter your password' : undefined}
          />
          <Button type="submit" fullWidth>
            Log in
          </Button>
          <a href="?" className={buttonClassName('ghost', 'md', true)}>
            Back to the gallery
          </a>
        </Stack>
      </form>
    </AuthShell>
  );
}
