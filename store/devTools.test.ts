import { devToolsOptions, REDACTED, redactForDevTools, redactSensitive } from './devTools';

describe('DevTools redaction', () => {
  it('hides the access token in the session', () => {
    const state = { session: { accessToken: 'secret-token', user: { id: 'u1' } }, other: { a: 1 } };
    const redacted = redactForDevTools(state);
    expect(redacted.session.accessToken).toBe(REDACTED);
    expect(redacted.session.user).toBe(state.session.user);
    expect(redacted.other).toBe(state.other);
    expect(state.session.accessToken).toBe('secret-token');
  });

  it('hides a full bank account number carried in an RTK Query action argument', () => {
    const action = {
      type: 'api/executeMutation/pending',
      meta: { arg: { endpointName: 'linkByNumber', originalArgs: { bankAccount: '000123456789', routingNumber: '021000021' } } },
    };
    const sanitized = devToolsOptions.actionSanitizer!(action as never, 0) as unknown as typeof action;
    expect(sanitized.meta.arg.originalArgs.bankAccount).toBe(REDACTED);
    expect(sanitized.meta.arg.originalArgs.routingNumber).toBe('021000021');
    expect(JSON.stringify(sanitized)).not.toContain('000123456789');
  });

  it('hides passwords, link tokens and file contents anywhere in the state', () => {
    const state = {
      api: { mutations: { r1: { originalArgs: { password: 'pass_good', linkToken: 'link-sandbox-1', base64file: 'iVBORw0...' } } } },
    };
    expect(JSON.stringify(redactSensitive(state))).not.toMatch(/pass_good|link-sandbox-1|iVBORw0/);
  });

  it('leaves a state without sensitive values as the same object', () => {
    const state = { accountSelection: { selectedAccountNumber: null }, list: [1, 2, { a: 'b' }] };
    expect(redactSensitive(state)).toBe(state);
  });
});
