import type { AccountVerificationProvider } from '../providerPorts';

/**
 * The verification service's sandbox (documented in docs/sandbox.md): the route has already checked the routing
 * number's ABA checksum; account numbers ending in 0000 cannot be verified at all (the app goes straight to
 * the fallbacks), ending in 1111 fail this attempt (the app offers one retry); anything else verifies.
 */
export const sandboxAccountVerification: AccountVerificationProvider = {
  mode: 'sandbox',
  async verify(_routingNumber, accountNumber) {
    if (accountNumber.endsWith('0000')) return 'UNABLE_TO_VERIFY';
    if (accountNumber.endsWith('1111')) return 'VERIFICATION_FAILED';
    return 'VERIFIED';
  },
};
