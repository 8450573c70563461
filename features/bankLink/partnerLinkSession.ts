import type { SelectedInstitution } from './bankLinkSlice';

/**
 * The link token of an open partner session, kept in sessionStorage (never in the store) so that the
 * return from a bank's OAuth page can reopen the partner with the SAME token, as Plaid requires. One
 * record per tab; it is cleared when the partner session ends.
 */
export const PARTNER_LINK_SESSION_KEY = 'fundflow.partnerLink.session';

export type PartnerLinkPurpose =
  { kind: 'link'; institution: SelectedInstitution } | { kind: 'relink'; paymentMethodId: string; institutionName: string | null };

export interface StoredPartnerLink {
  linkToken: string;
  expiration: string;
  purpose: PartnerLinkPurpose;
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null; // storage disabled by the browser: OAuth banks then start over, nothing else breaks
  }
}

export function savePartnerLinkSession(record: StoredPartnerLink): void {
  try {
    storage()?.setItem(PARTNER_LINK_SESSION_KEY, JSON.stringify(record));
  } catch {
    // quota or privacy mode: see storage()
  }
}

export function loadPartnerLinkSession(): StoredPartnerLink | null {
  const raw = storage()?.getItem(PARTNER_LINK_SESSION_KEY);
  if (!raw) return null;
  try {
    const record = JSON.parse(raw) as StoredPartnerLink;
    return typeof record?.linkToken === 'string' && record.purpose ? record : null;
  } catch {
    return null;
  }
}

export function clearPartnerLinkSession(): void {
  storage()?.removeItem(PARTNER_LINK_SESSION_KEY);
}

/** A token whose expiration has passed (or cannot be read) must not be opened. */
export function isLinkTokenExpired(expiration: string, now = Date.now()): boolean {
  const at = Date.parse(expiration);
  return Number.isNaN(at) || at <= now;
}
