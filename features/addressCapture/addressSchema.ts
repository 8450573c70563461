import * as yup from 'yup';
import { addressFieldError, type AddressField } from '../../api/contract/values';

/** One field's yup rule, delegating to the contract's rule so the form and the server judge alike. */
const rule = (field: AddressField) =>
  yup
    .string()
    .default('')
    .test(field, (value, context) => {
      const problem = addressFieldError(field, value ?? '');
      return problem ? context.createError({ message: problem }) : true;
    });

/** Manual entry (section 5): all fields but address2 required, 30 characters at most, state 2 letters, zip 5 digits. */
export const addressSchema = yup.object({
  address1: rule('address1'),
  address2: rule('address2'),
  city: rule('city'),
  state: rule('state'),
  zipcode: rule('zipcode'),
});
