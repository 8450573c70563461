import { useCallback, useEffect, useRef, useState } from 'react';
import type { LinkTokenResponse } from '../../api/contract';
import { isLinkTokenExpired } from './partnerLinkSession';

export interface LinkTokenResume {
  linkToken: string;
  /** The URL the customer came back to from the bank's site. */
  receivedRedirectUri: string;
}

export interface UseLinkTokenOptions {
  /** Asks our server for a token (new link by institution, or relink of a method). */
  create: () => Promise<LinkTokenResponse>;
  /** Reopen after OAuth with the same token instead of creating one. */
  resume?: LinkTokenResume;
  /** Called with each token before the partner opens with it (to persist it for the OAuth return). */
  onToken?: (token: LinkTokenResponse) => void;
}

export interface LinkTokenState {
  token: string | null;
  receivedRedirectUri?: string;
  error: unknown;
  /** Fetch a new token and reopen, once per session (expired or INVALID_LINK_TOKEN). False when already used. */
  renew: () => boolean;
}

/**
 * The partner's link token: created before the partner opens, renewed once when it has expired or the
 * partner calls it invalid. The token lives in component state only (never in the store).
 */
export function useLinkToken({ create, resume, onToken }: UseLinkTokenOptions): LinkTokenState {
  const [token, setToken] = useState<string | null>(resume?.linkToken ?? null);
  const [receivedRedirectUri, setReceivedRedirectUri] = useState<string | undefined>(resume?.receivedRedirectUri);
  const [error, setError] = useState<unknown>(null);
  const renewed = useRef(false);
  const started = useRef(false);
  const latest = useRef({ create, onToken });
  useEffect(() => {
    latest.current = { create, onToken };
  });

  const fetchToken = useCallback(async () => {
    try {
      let answer = await latest.current.create();
      if (isLinkTokenExpired(answer.expiration) && !renewed.current) {
        renewed.current = true;
        answer = await latest.current.create();
      }
      latest.current.onToken?.(answer);
      setToken(answer.linkToken);
    } catch (failure) {
      setError(failure);
    }
  }, []);

  useEffect(() => {
    // Once per mount, also under StrictMode's double effects: each call creates a token on the server.
    if (started.current || resume) return;
    started.current = true;
    void fetchToken();
  }, [fetchToken, resume]);

  const renew = useCallback(() => {
    if (renewed.current) return false;
    renewed.current = true;
    setToken(null);
    setReceivedRedirectUri(undefined);
    setError(null);
    void fetchToken();
    return true;
  }, [fetchToken]);

  return { token, receivedRedirectUri, error, renew };
}
