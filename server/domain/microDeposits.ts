import { randomInt } from 'node:crypto';
import { MICRO_DEPOSIT_MAX_CENTS, MICRO_DEPOSIT_MIN_CENTS } from '../../api/contract';

/** Two different amounts between $0.01 and $0.99, as cents. */
export function newMicroDepositAmounts(): [number, number] {
  const first = randomInt(MICRO_DEPOSIT_MIN_CENTS, MICRO_DEPOSIT_MAX_CENTS + 1);
  let second = first;
  while (second === first) second = randomInt(MICRO_DEPOSIT_MIN_CENTS, MICRO_DEPOSIT_MAX_CENTS + 1);
  return [first, second];
}

/** The entered amounts match the deposits in either order. */
export const microDepositsMatch = (deposits: [number, number], entered: [number, number]) =>
  (deposits[0] === entered[0] && deposits[1] === entered[1]) || (deposits[0] === entered[1] && deposits[1] === entered[0]);

/** "0.07" for 7 cents: the 4-character form parseMicroDepositAmount accepts. */
export const centsAsMicroDepositEntry = (cents: number) => `0.${String(cents).padStart(2, '0')}`;
