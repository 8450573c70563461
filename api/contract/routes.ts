/** Every API path of ours in one place; the client and the server both use these. */
export const ApiPaths = {
  health: '/api/health',
  login: '/api/auth/login',
  refresh: '/api/auth/refresh',
  logout: '/api/auth/logout',
  me: '/api/me',
  acceptTerms: '/api/me/accept-terms',
  accounts: '/api/accounts',
  paymentMethods: '/api/payment-methods',
  config: '/api/config',
} as const;

/** Header every state-changing request carries; a cross-site form cannot set it. */
export const CSRF_HEADER = 'x-fundflow-client';
