import { useCallback, useEffect, useRef } from 'react';
import { usePlaidLink, type PlaidLinkOptionsWithLinkToken } from 'react-plaid-link';
import { Spinner } from '../../../ui';
import { exitMetadata, type PartnerLinkProps } from './partnerLink';

/**
 * Live mode: Plaid Link itself (loaded with React.lazy, so its script and this module load only when a
 * live partner link opens). It opens by itself as soon as Plaid is ready.
 */
export default function LivePlaidLink({ token, receivedRedirectUri, onSuccess, onExit, onEvent }: PartnerLinkProps) {
  // Plaid keeps the callbacks it was created with (it is recreated only for a new token): hand it stable
  // functions that call the latest props.
  const latest = useRef({ onSuccess, onExit, onEvent });
  useEffect(() => {
    latest.current = { onSuccess, onExit, onEvent };
  });
  const stableSuccess = useCallback<PartnerLinkProps['onSuccess']>((...args) => latest.current.onSuccess(...args), []);
  const stableExit = useCallback<PartnerLinkProps['onExit']>((...args) => latest.current.onExit(...args), []);
  const stableEvent = useCallback<NonNullable<PartnerLinkProps['onEvent']>>((...args) => latest.current.onEvent?.(...args), []);
  const config: PlaidLinkOptionsWithLinkToken = {
    token,
    onSuccess: stableSuccess,
    onExit: stableExit,
    onEvent: stableEvent,
    // Plaid must not see receivedRedirectUri on a first open, only when resuming after OAuth.
    ...(receivedRedirectUri ? { receivedRedirectUri } : {}),
  };
  const { open, ready, error } = usePlaidLink(config);

  const opened = useRef(false);
  useEffect(() => {
    if (ready && !opened.current) {
      opened.current = true;
      open();
    }
  }, [ready, open]);

  // The Plaid script could not load (offline, blocked): end like an exit with an error, once.
  const reported = useRef(false);
  useEffect(() => {
    if (error && !reported.current) {
      reported.current = true;
      stableExit(
        {
          error_type: 'API_ERROR',
          error_code: 'LINK_SCRIPT_FAILED',
          error_message: error.message || 'Plaid Link could not load',
          display_message: null,
        },
        exitMetadata('live', null),
      );
    }
  }, [error, stableExit]);

  return <Spinner label="Opening Plaid" />;
}
