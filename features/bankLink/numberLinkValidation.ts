import * as yup from 'yup';
import {
  FundingValidationMessages,
  isValidNumberLinkAccount,
  isValidRoutingNumber,
  NUMBER_LINK_ACCOUNT_MAX,
  ROUTING_NUMBER_LENGTH,
} from '../../api/contract/values';

/** The number-link form's rules (section 5), built on the shared rule functions the server uses too. */
export const numberLinkSchema = yup.object({
  routingNumber: yup
    .string()
    .default('')
    .test('routing-number', FundingValidationMessages.routingNumber, (value) => isValidRoutingNumber(value ?? '')),
  accountNumber: yup
    .string()
    .default('')
    .test('account-number', FundingValidationMessages.accountNumber, (value) => isValidNumberLinkAccount(value ?? '')),
});

export type NumberLinkValues = yup.InferType<typeof numberLinkSchema>;

/** Keeps digits only, cut to the field's maximum (routing: 9; account: 17). */
export const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
export const ROUTING_MAX = ROUTING_NUMBER_LENGTH;
export const ACCOUNT_MAX = NUMBER_LINK_ACCOUNT_MAX;
