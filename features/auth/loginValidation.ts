export interface LoginValues {
  email: string;
  password: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, string>>;

// Deliberately simple: the server is the judge of credentials; this only catches obvious slips.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLogin(values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'Enter your email address';
  else if (!EMAIL.test(email) || email.length > 254) errors.email = 'Enter a valid email address, like name@example.com';
  if (!values.password) errors.password = 'Enter your password';
  return errors;
}
