// The amount fields' text cleaning is a money rule: it lives once, in the contract.
export { sanitizeAmountInput } from '../api/contract/moneyEntry';
