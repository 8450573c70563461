import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Notice } from '../../ui';
import { safeOrigin } from '../../src/routes/safeOrigin';
import { OAUTH_STATE_PARAM } from '../../src/providers/plaid/partnerLink';
import BankLinkFlow, { type OAuthResume } from './BankLinkFlow';
import RelinkFlow from './RelinkFlow';
import { loadPartnerLinkSession, type StoredPartnerLink } from './partnerLinkSession';
import { useAnalyticsFlush } from '../analytics/useAnalyticsFlush';

/** Where closing the page goes when no safe origin is given. */
export const BANK_LINK_PAGE_EXIT = '/settings/funding-methods';

/**
 * The routed link-bank flow (/settings/bank-link and /settings/v2/bank-link): the flow as a page. It is
 * also the partner's OAuth redirect URI: with oauth_state_id in the URL it reopens the partner with the
 * token stored when it was first opened, and this URL as receivedRedirectUri.
 */
export default function BankLinkPage() {
  useAnalyticsFlush();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const highYieldOnly = params.get('bankLinkHighYield') === 'enabled' || params.get('highYield') === 'true';
  const returningFromBank = params.has(OAUTH_STATE_PARAM);
  // Read once: the stored session belongs to this return only.
  const [stored] = useState<StoredPartnerLink | null>(() => (returningFromBank ? loadPartnerLinkSession() : null));
  const exit = () => {
    navigate(safeOrigin(params.get('origin')) ?? BANK_LINK_PAGE_EXIT);
  };

  if (stored?.purpose.kind === 'relink') {
    return (
      <div className="page">
        <RelinkFlow
          paymentMethodId={stored.purpose.paymentMethodId}
          onClose={() => {
            navigate(BANK_LINK_PAGE_EXIT);
          }}
          resume={{ linkToken: stored.linkToken, receivedRedirectUri: window.location.href }}
        />
      </div>
    );
  }

  const oauthResume: OAuthResume | undefined =
    stored?.purpose.kind === 'link'
      ? { linkToken: stored.linkToken, receivedRedirectUri: window.location.href, institution: stored.purpose.institution }
      : undefined;

  return (
    <div className="page">
      {returningFromBank && !stored ? (
        <Notice tone="warning" live="polite" title="Your bank connection timed out">
          Please choose your bank again to finish linking it.
        </Notice>
      ) : null}
      <BankLinkFlow presentation="page" highYieldOnly={highYieldOnly} onClose={exit} oauthResume={oauthResume} />
    </div>
  );
}
