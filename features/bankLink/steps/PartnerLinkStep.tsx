import { useEffect, useRef, useState } from 'react';
import { useCreateLinkTokenMutation, useLinkWithPartnerMutation } from '../../../api/bankLinkApi';
import { isApiError } from '../../../api/apiError';
import { FundingMessages } from '../../../api/contract/values';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { Button, Spinner, Stack } from '../../../ui';
import { PartnerLink } from '../../../src/providers/plaid/PartnerLink';
import { describePartnerError, INVALID_LINK_TOKEN, type PartnerLinkProps } from '../../../src/providers/plaid/partnerLink';
import { toastShown } from '../../notifications/toastsSlice';
import { isRefusalCode } from '../bankLinkSelectors';
import { partnerLinkSucceeded, searchAgainPressed, selectLinkRefusal, type SelectedInstitution } from '../bankLinkSlice';
import { analyticsEventRecorded } from '../../analytics/analyticsSlice';
import { BankLinkAnalytics, bankLinkTransition, linkRefusedTracked, partnerExited, partnerFailed } from '../bankLinkThunks';
import { clearPartnerLinkSession, savePartnerLinkSession } from '../partnerLinkSession';
import { useLinkToken, type LinkTokenResume } from '../useLinkToken';

export interface PartnerLinkStepProps {
  institution: SelectedInstitution;
  /** Coming back from the bank's OAuth page: reopen with the same token. */
  resume?: LinkTokenResume;
}

/**
 * partner-link: creates a link token for the institution, opens the partner (live Plaid or the sandbox),
 * and sends its result to our server. Cancel goes back a step; errors go to the fallbacks; a duplicate
 * or a limit is a refusal shown with its message.
 */
export function PartnerLinkStep({ institution, resume }: PartnerLinkStepProps) {
  const dispatch = useAppDispatch();
  const refusal = useAppSelector(selectLinkRefusal);
  const [createLinkToken] = useCreateLinkTokenMutation();
  const [linkWithPartner, linking] = useLinkWithPartnerMutation();
  const [widgetOpen, setWidgetOpen] = useState(true);

  const link = useLinkToken({
    create: () => createLinkToken({ institutionId: institution.id }).unwrap(),
    resume,
    onToken: (token) =>
      savePartnerLinkSession({ linkToken: token.linkToken, expiration: token.expiration, purpose: { kind: 'link', institution } }),
  });

  // A token we could not get is a partner failure, unless the server refuses the link outright.
  const reportedTokenError = useRef(false);
  useEffect(() => {
    if (!link.error || reportedTokenError.current) return;
    reportedTokenError.current = true;
    const error = link.error;
    if (isApiError(error) && isRefusalCode(error.errorCode)) {
      dispatch(linkRefusedTracked({ errorCode: error.errorCode ?? '', message: error.message }));
    } else {
      dispatch(
        partnerFailed(
          isApiError(error) ? (error.errorCode ?? String(error.status)) : 'LINK_TOKEN_FAILED',
          isApiError(error) ? error.message : 'No link token',
        ),
      );
    }
  }, [link.error, dispatch]);

  const onSuccess: PartnerLinkProps['onSuccess'] = (publicToken, metadata) => void completeLink(publicToken, metadata);
  const completeLink = async (...[publicToken, metadata]: Parameters<PartnerLinkProps['onSuccess']>) => {
    setWidgetOpen(false);
    clearPartnerLinkSession();
    const accountId = metadata.accounts[0]?.id;
    if (!publicToken || !accountId) {
      dispatch(partnerFailed('NO_ACCOUNT_SELECTED', 'The partner returned no account'));
      return;
    }
    try {
      const answer = await linkWithPartner({ publicToken, institutionId: institution.id, accountId }).unwrap();
      dispatch(bankLinkTransition(partnerLinkSucceeded({ paymentMethodId: answer.linkedPaymentMethod.id })));
      dispatch(analyticsEventRecorded(BankLinkAnalytics.succeeded, { provider: 'PLAID', institutionId: institution.id }));
    } catch (error) {
      if (isApiError(error) && isRefusalCode(error.errorCode)) {
        dispatch(linkRefusedTracked({ errorCode: error.errorCode ?? '', message: error.message }));
      } else {
        dispatch(
          partnerFailed(
            isApiError(error) ? (error.errorCode ?? String(error.status)) : 'PARTNER_LINK_FAILED',
            isApiError(error) ? error.message : 'Link failed',
          ),
        );
      }
    }
  };

  const onExit: PartnerLinkProps['onExit'] = (error) => {
    // An expired or unknown token: fetch a new one once and reopen.
    if (error?.error_code === INVALID_LINK_TOKEN && link.renew()) return;
    setWidgetOpen(false);
    clearPartnerLinkSession();
    if (error) dispatch(toastShown(FundingMessages.partnerExitError, 'error'));
    dispatch(partnerExited(error ? describePartnerError(error) : null));
  };

  if (refusal) {
    return (
      <div className="ff-bank-link__actions">
        <Button fullWidth variant="secondary" onClick={() => dispatch(searchAgainPressed())}>
          Search for another bank
        </Button>
      </div>
    );
  }
  if (linking.isLoading) return <Spinner label={`Linking your ${institution.name} account`} />;
  if (!link.token) return <Spinner label={`Connecting to ${institution.name}`} />;

  return (
    <Stack gap={4}>
      <p className="ff-bank-link__muted">Continue in the Plaid window to log in to {institution.name} and choose an account.</p>
      {widgetOpen ? (
        <PartnerLink
          key={link.token}
          token={link.token}
          receivedRedirectUri={link.receivedRedirectUri}
          institutionName={institution.name}
          oauth={institution.oauth}
          onSuccess={(publicToken, metadata) => void onSuccess(publicToken, metadata)}
          onExit={onExit}
        />
      ) : null}
    </Stack>
  );
}
