import { validateLogin } from './loginValidation';

describe('login validation', () => {
  it('asks for both fields', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'Enter your email address', password: 'Enter your password' });
  });

  it.each(['alex', 'alex@', '@fundflow.test', 'alex @fundflow.test', 'alex@fundflow'])('refuses the malformed email %p', (email) => {
    expect(validateLogin({ email, password: 'x' }).email).toBe('Enter a valid email address, like name@example.com');
  });

  it('accepts a well-formed email with surrounding spaces', () => {
    expect(validateLogin({ email: '  alex@fundflow.test ', password: 'fundflow-demo' })).toEqual({});
  });
});
