import type { MoneyMovementProvider } from '../providers';

/**
 * The bank and card rails' sandbox (documented in the README): the cents of the amount choose an outcome,
 * as vendors' test modes do with magic amounts.
 * - .02: an exception in the flow (DE#00002), bank or card;
 * - .04: insufficient funds (DE#00004), bank or card;
 * - .06: the bank balance could not be fetched (DE#00006), banks only;
 * - .09: unsupported card (DE#00009), debit cards only;
 * anything else is collected.
 */
export const sandboxMoneyMovement: MoneyMovementProvider = {
  mode: 'sandbox',
  async collect({ sourceType, amountCents }) {
    switch (amountCents % 100) {
      case 2:
        return { ok: false, refusal: 'EXCEPTION' };
      case 4:
        return { ok: false, refusal: 'INSUFFICIENT_FUNDS' };
      case 6:
        return sourceType === 'BANK' ? { ok: false, refusal: 'BANK_BALANCE_ERROR' } : { ok: true };
      case 9:
        return sourceType === 'DEBIT_CARD' ? { ok: false, refusal: 'UNSUPPORTED_CARD' } : { ok: true };
      default:
        return { ok: true };
    }
  },
};
