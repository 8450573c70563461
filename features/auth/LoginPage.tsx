import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useLoginMutation } from '../../api/authApi';
import { errorMessage } from '../../api/apiError';
import { useAppSelector } from '../../store/hooks';
import { selectCurrentUser, selectSessionEndedReason, selectSessionStatus } from '../session/sessionSlice';
import { postLoginRoute } from '../session/postLoginRoute';
import { clearSignedOut } from '../session/signedOutMarker';
import { AuthShell, Button, TextField, UNRECORDED } from '../../ui';
import { validateLogin, type LoginValues } from './loginValidation';

const ENDED_MESSAGES = {
  expired: 'Your session ended. Please sign in again.',
  signedOut: 'You have signed out.',
} as const;

/**
 * A two-field form with plain controlled inputs: Formik and yup (about 25 KiB gzipped) load with the
 * flows that need them, keeping the first route inside its budget.
 */
/** The sign-in request's key in the API cache (its state, not the credentials: arguments are not kept for it). */
export const SIGN_IN_REQUEST_KEY = 'sign-in';

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectCurrentUser);
  const endedReason = useAppSelector(selectSessionEndedReason);
  // A fixed cache key keeps the request's state in the store, so a replay shows Sign in busy too.
  const [login, { isLoading, reset }] = useLoginMutation({ fixedCacheKey: SIGN_IN_REQUEST_KEY });
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [touched, setTouched] = useState<Partial<Record<keyof LoginValues, boolean>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const redirect = params.get('redirect');
  const errors = validateLogin(values);

  if (status === 'authenticated' && user) {
    return <Navigate to={postLoginRoute(user, { redirect, viewportWidth: window.innerWidth })} replace />;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ email: true, password: true });
    setFormError(null);
    if (Object.keys(errors).length > 0 || isLoading) return;
    try {
      const session = await login({ email: values.email.trim(), password: values.password }).unwrap();
      clearSignedOut();
      // The answer holds the access token: the session slice has it now, the API cache must not keep it.
      reset();
      navigate(postLoginRoute(session.user, { redirect, viewportWidth: window.innerWidth }), { replace: true });
    } catch (error) {
      setFormError(errorMessage(error));
    }
  };

  const field = (name: keyof LoginValues) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    error: touched[name] ? errors[name] : undefined,
  });

  return (
    <AuthShell title="Sign in to Fundflow" subtitle="Fund your brokerage, IRA and high-yield cash accounts.">
      {endedReason && !formError && (
        <p className="notice" role="status">
          {ENDED_MESSAGES[endedReason]}
        </p>
      )}
      <form noValidate onSubmit={(event) => void submit(event)} aria-describedby={formError ? 'login-error' : undefined}>
        {formError && (
          <p id="login-error" className="form-error" role="alert">
            {formError}
          </p>
        )}
        <TextField {...field('email')} {...UNRECORDED} label="Email" type="email" autoComplete="username" inputMode="email" />
        <TextField {...field('password')} {...UNRECORDED} label="Password" type="password" autoComplete="current-password" />
        <Button type="submit" fullWidth loading={isLoading}>
          Sign in
        </Button>
      </form>
    </AuthShell>
  );
}
