import { Formik, Form, Field, type FieldProps } from 'formik';
import * as yup from 'yup';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useLoginMutation } from '../../api/authApi';
import { errorMessage } from '../../api/apiError';
import { useAppSelector } from '../../store/hooks';
import { selectCurrentUser, selectSessionEndedReason, selectSessionStatus } from '../session/sessionSlice';
import { postLoginRoute } from '../session/postLoginRoute';
import { AuthShell, Button, TextField } from '../../src/ui';

export const loginSchema = yup.object({
  email: yup.string().trim().required('Enter your email address').email('Enter a valid email address, like name@example.com'),
  password: yup.string().required('Enter your password'),
});

const ENDED_MESSAGES = {
  expired: 'Your session ended. Please sign in again.',
  signedOut: 'You have signed out.',
} as const;

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectCurrentUser);
  const endedReason = useAppSelector(selectSessionEndedReason);
  const [login] = useLoginMutation();
  const redirect = params.get('redirect');

  if (status === 'authenticated' && user) {
    return <Navigate to={postLoginRoute(user, { redirect, viewportWidth: window.innerWidth })} replace />;
  }

  return (
    <AuthShell title="Sign in to Fundflow" subtitle="Fund your brokerage, IRA and high-yield cash accounts.">
      {endedReason && <p className="notice" role="status">{ENDED_MESSAGES[endedReason]}</p>}
      <Formik
        initialValues={{ email: '', password: '' }}
        validationSchema={loginSchema}
        onSubmit={async (values, helpers) => {
          helpers.setStatus(undefined);
          try {
            const session = await login({ email: values.email.trim(), password: values.password }).unwrap();
            navigate(postLoginRoute(session.user, { redirect, viewportWidth: window.innerWidth }), { replace: true });
          } catch (error) {
            helpers.setStatus(errorMessage(error));
          }
        }}
      >
        {({ isSubmitting, status: formError }) => (
          <Form noValidate aria-describedby={formError ? 'login-error' : undefined}>
            {formError && (
              <p id="login-error" className="form-error" role="alert">
                {formError}
              </p>
            )}
            <Field name="email">
              {({ field, meta }: FieldProps<string>) => (
                <TextField {...field} label="Email" type="email" autoComplete="username" inputMode="email" error={meta.touched ? meta.error : undefined} />
              )}
            </Field>
            <Field name="password">
              {({ field, meta }: FieldProps<string>) => (
                <TextField {...field} label="Password" type="password" autoComplete="current-password" error={meta.touched ? meta.error : undefined} />
              )}
            </Field>
            <Button type="submit" fullWidth loading={isSubmitting}>
              Sign in
            </Button>
          </Form>
        )}
      </Formik>
    </AuthShell>
  );
}
