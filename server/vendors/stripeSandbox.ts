import { decodeSandboxPaymentMethod } from '../../api/contract/sandboxCards';
import { randomAlphanumeric } from '../domain/tokens';
import type { CardProvider, ProviderContext } from '../providerPorts';

// Stripe's test mode, offline. Setup intents look like Stripe's (`seti_...` with a client secret
// `<id>_secret_<random>`); the browser's sandbox confirms them with a card from Stripe's published test
// numbers (api/contract/sandboxCards.ts) and sends back a payment-method id that carries only the card's
// attributes, which this provider reads back as Stripe's API would (brand, funding, country, last 4, expiry,
// fingerprint).

export function sandboxStripe({ db }: ProviderContext): CardProvider {
  return {
    mode: 'sandbox',
    publishableKey: null,
    async createSetupIntent() {
      const id = `seti_sandbox_${randomAlphanumeric(24)}`;
      return { id, clientSecret: `${id}_secret_${randomAlphanumeric(24)}` };
    },
    async retrieveSetupIntent(id) {
      // The sandbox's intents are the ones our route recorded; confirmation happened in the browser.
      const row = await db.selectFrom('card_setup_intents').select('id').where('id', '=', id).executeTakeFirst();
      return row ? { id: row.id, status: 'succeeded', paymentMethodId: null } : null;
    },
    async retrievePaymentMethod(id) {
      return decodeSandboxPaymentMethod(id);
    },
  };
}
