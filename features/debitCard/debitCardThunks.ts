import type { Address, SetupIntentResponse } from '../../api/contract';
import { errorMessage, isApiError } from '../../api/apiError';
import { debitCardApi } from '../../api/debitCardApi';
import type { AppThunk } from '../../store/store';
import { isConfirmCardSetupError, type CardProviderApi } from '../../src/providers/stripe';
import {
  addressChangeRefused,
  addressChangeSent,
  addressConfirmationFailed,
  addressConfirmed,
  cardSetupRefused,
  debitCardLinked,
  debitCardLinkFailed,
} from './debitCardSlice';
import { selectAddressAttempts } from './debitCardAttemptsSlice';
import { isPassingFailure, type DebitCardFailure } from './debitCardErrors';

/**
 * What the debit-card flow decides when a button is pressed or an answer arrives (funding-methods.md 2.7, 4.4):
 * Next on the card, Next on the address, and the emailed link's token. The steps show; these decide.
 */

export const toFailure = (error: unknown): DebitCardFailure => (isApiError(error) ? error : {});

export interface CardSubmission {
  setupIntent: SetupIntentResponse;
  /** The name as typed; it is trimmed and its spaces folded here. */
  name: string;
  /** Our id of the card to replace, or null to add one. */
  replacePaymentMethodId: string | null;
  confirmCardSetup: CardProviderApi['confirmCardSetup'];
}

/**
 * Next on the card: the card provider confirms the setup intent in the browser, then our server links (or
 * replaces) the card. A refusal from either side ends on the error or the address screen (the slice decides which,
 * from the address changes made so far).
 */
export const submitCard =
  ({ setupIntent, name, replacePaymentMethodId, confirmCardSetup }: CardSubmission): AppThunk<Promise<void>> =>
  async (dispatch, getState) => {
    const addressAttempts = selectAddressAttempts(getState());
    try {
      const cardholder = name.trim().replace(/\s+/g, ' ');
      const confirmed = await confirmCardSetup(setupIntent.clientSecret, {
        name: cardholder,
        addressLine1: setupIntent.addressLine1,
        postalCode: setupIntent.zipcode,
      });
      if (isConfirmCardSetupError(confirmed)) {
        dispatch(cardSetupRefused({ error: confirmed.error, addressAttempts }));
        return;
      }
      const response = replacePaymentMethodId
        ? await dispatch(
            debitCardApi.endpoints.replaceDebitCard.initiate(
              {
                paymentMethodId: replacePaymentMethodId,
                token: confirmed.setupIntentId,
                providerPaymentMethodId: confirmed.paymentMethodId,
              },
              { track: false },
            ),
          ).unwrap()
        : await dispatch(
            debitCardApi.endpoints.linkDebitCard.initiate(
              { token: confirmed.setupIntentId, paymentMethodId: confirmed.paymentMethodId },
              { track: false },
            ),
          ).unwrap();
      dispatch(debitCardLinked({ displayName: response.linkedPaymentMethod.displayName }));
    } catch (error) {
      dispatch(debitCardLinkFailed({ error: toFailure(error), addressAttempts }));
    }
  };

/**
 * Next on the address form: the new address goes to the server, which emails a link to confirm it. The answer is
 * the failure's words for the form (null when sent): 'Address update failed' (section 8) stays next to the form,
 * which keeps what was typed, so Next sends it again.
 */
export const sendAddress =
  (address: Address): AppThunk<Promise<string | null>> =>
  async (dispatch) => {
    try {
      const response = await dispatch(debitCardApi.endpoints.updateAddress.initiate(address, { track: false })).unwrap();
      dispatch(addressChangeSent({ attempts: response.attempts }));
      return null;
    } catch (error) {
      dispatch(addressChangeRefused(toFailure(error)));
      return errorMessage(error);
    }
  };

/**
 * The emailed link's token arrived: confirm the address with it. `dropToken` takes the token out of the address bar
 * once it is spent (a reload cannot replay it); a failure without a definite answer leaves it, for Try Again.
 */
export const confirmAddressToken =
  (token: string, dropToken: () => void): AppThunk<Promise<void>> =>
  async (dispatch) => {
    try {
      await dispatch(debitCardApi.endpoints.confirmAddress.initiate({ token }, { track: false })).unwrap();
      dropToken();
      dispatch(addressConfirmed());
    } catch (error) {
      if (!isPassingFailure(toFailure(error))) dropToken();
      dispatch(addressConfirmationFailed(toFailure(error)));
    }
  };
