import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useCreateRelinkTokenMutation, useRelinkWithPartnerMutation } from '../../api/bankLinkApi';
import { selectPaymentMethodById } from '../../api/paymentMethodsApi';
import { FundingMessages } from '../../api/contract/values';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { Modal, Spinner } from '../../ui';
import { PartnerLink } from '../../src/providers/plaid/PartnerLink';
import { describePartnerError, INVALID_LINK_TOKEN, type PartnerLinkProps } from '../../src/providers/plaid/partnerLink';
import { toastShown } from '../notifications/toastsSlice';
import { analyticsEventRecorded } from '../analytics/analyticsSlice';
import { clearPartnerLinkSession, savePartnerLinkSession } from './partnerLinkSession';
import { useLinkToken, type LinkTokenResume } from './useLinkToken';

export interface RelinkFlowProps {
  paymentMethodId: string;
  onClose: () => void;
  /** The return from the bank's OAuth page (BankLinkPage passes it). */
  resume?: LinkTokenResume;
}

export const RELINK_TITLE = 'Restore your bank account connection';

/**
 * Relink (4.7): a relink token for the method, the partner in update mode, then its result to our
 * relink call. The method keeps its id, nickname and default flag (the server's job); the list refreshes
 * through the PaymentMethod tags.
 */
export default function RelinkFlow({ paymentMethodId, onClose, resume }: RelinkFlowProps) {
  const dispatch = useAppDispatch();
  const method = useAppSelector((state) => selectPaymentMethodById(state, paymentMethodId));
  const institutionName = method?.issuingBank ?? method?.originalName ?? null;
  const [createRelinkToken] = useCreateRelinkTokenMutation();
  const [relink, relinking] = useRelinkWithPartnerMutation();
  const [widgetOpen, setWidgetOpen] = useState(true);
  const finished = useRef(false);

  const link = useLinkToken({
    create: () => createRelinkToken(paymentMethodId).unwrap(),
    resume,
    onToken: (token) =>
      savePartnerLinkSession({
        linkToken: token.linkToken,
        expiration: token.expiration,
        purpose: { kind: 'relink', paymentMethodId, institutionName },
      }),
  });

  function finish(message: string | null, tone: 'success' | 'error') {
    if (finished.current) return;
    finished.current = true;
    clearPartnerLinkSession();
    if (message) dispatch(toastShown(message, tone));
    onClose();
  }

  // A failed link token ends the flow; finish reads the props as they are when the error arrives.
  const onLinkFailed = useEffectEvent(() => finish(FundingMessages.relinkFailed, 'error'));
  useEffect(() => {
    if (link.error) onLinkFailed();
  }, [link.error]);

  const onSuccess: PartnerLinkProps['onSuccess'] = (...args) => void completeRelink(...args);
  const completeRelink = async (...[publicToken]: Parameters<PartnerLinkProps['onSuccess']>) => {
    setWidgetOpen(false);
    if (!publicToken) {
      finish(FundingMessages.relinkFailed, 'error');
      return;
    }
    try {
      await relink({ paymentMethodId, publicToken }).unwrap();
      dispatch(analyticsEventRecorded('bank_relink_succeeded', { paymentMethodId }));
      finish(FundingMessages.relinkSucceeded, 'success');
    } catch {
      finish(FundingMessages.relinkFailed, 'error');
    }
  };

  const onExit: PartnerLinkProps['onExit'] = (error) => {
    if (error?.error_code === INVALID_LINK_TOKEN && link.renew()) return;
    setWidgetOpen(false);
    if (error) {
      const { code, description } = describePartnerError(error);
      dispatch(analyticsEventRecorded('bank_relink_failed', { paymentMethodId, reason: code, description: description.slice(0, 300) }));
      finish(FundingMessages.relinkFailed, 'error');
    } else {
      dispatch(analyticsEventRecorded('bank_relink_cancel', { paymentMethodId }));
      finish(null, 'success');
    }
  };

  // While we wait for a token or for our server, a small dialog says so; the partner brings its own window.
  if (!link.token || relinking.isLoading || !widgetOpen) {
    return (
      <Modal open title={RELINK_TITLE} onClose={() => finish(null, 'success')}>
        <Spinner label={relinking.isLoading ? 'Restoring your bank connection' : 'Connecting to your bank'} />
      </Modal>
    );
  }
  return (
    <PartnerLink
      key={link.token}
      token={link.token}
      receivedRedirectUri={link.receivedRedirectUri}
      institutionName={institutionName ?? undefined}
      onSuccess={(publicToken, metadata) => void onSuccess(publicToken, metadata)}
      onExit={onExit}
    />
  );
}
