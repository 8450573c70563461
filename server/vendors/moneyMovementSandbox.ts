import type { AchReturnCode } from '../../api/contract';
import type { MoneyMovementProvider } from '../providerPorts';

/** Cents of a bank deposit's amount that make the sandbox bank return it when it would settle. */
export const SANDBOX_ACH_RETURN_CENTS: Readonly<Record<number, AchReturnCode>> = { 7: 'R01', 8: 'R02', 3: 'R03' };

/**
 * The bank and card rails' sandbox (documented in docs/sandbox.md): the cents of the amount choose an outcome,
 * as vendors' test modes do with magic amounts.
 * - .02: an exception in the flow (DE#00002), bank or card;
 * - .04: insufficient funds (DE#00004), bank or card;
 * - .06: the bank balance could not be fetched (DE#00006), banks only;
 * - .09: unsupported card (DE#00009), debit cards only;
 * - .07, .08, .03 (banks): collected, then returned by the bank when the deposit would settle, R01 insufficient
 *   funds, R02 account closed, R03 no account;
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
  achReturnOf: ({ amountCents }) => SANDBOX_ACH_RETURN_CENTS[amountCents % 100] ?? null,
};
