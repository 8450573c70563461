import type { Institution } from '../../api/contract';

/** "Bank of America" → "BA": the letters of a bank's mark. */
export function institutionInitials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N}\s&]/gu, ' ')
    .split(/\s+/)
    .filter((word) => word && !['of', 'the', 'and', '&'].includes(word.toLowerCase()));
  return words
    .slice(0, 2)
    .map((word) => word[0].toUpperCase())
    .join('');
}

/**
 * Our own marks for the sandbox directory's banks: a tile in one of our colours with the bank's initials. They are
 * drawn here (not the banks' artwork) and bundled with the bank-link chunk, so nothing is fetched from outside.
 * Every colour keeps white initials above 4.5:1.
 */
const PALETTE = ['#1f4e79', '#7a1f3d', '#2e6b4f', '#5b3f8c', '#8a4b12', '#1d5c63', '#3a3f58', '#9c2f2f'] as const;

/** The popular banks' tiles, chosen so neighbours in the grid differ. */
const MARK_COLOURS: Record<string, string> = {
  chase: PALETTE[0],
  'bank-of-america': PALETTE[1],
  'wells-fargo': PALETTE[4],
  citibank: PALETTE[5],
  'capital-one': PALETTE[3],
  'us-bank': PALETTE[6],
  ally: PALETTE[2],
  'navy-federal': PALETTE[7],
};

/** Any other bank: a colour of the palette picked from its id, the same every time. */
export function markColour(institutionId: string): string {
  const known = MARK_COLOURS[institutionId];
  if (known) return known;
  let hash = 0;
  for (const char of institutionId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length];
}

/** A bank's mark; decorative (the bank's name is always written next to it). */
export function BankMark({ institution, size = 36 }: { institution: Pick<Institution, 'id' | 'name'>; size?: number }) {
  const initials = institutionInitials(institution.name);
  return (
    <svg
      className="ff-bank-mark"
      width={size}
      height={size}
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
      data-bank-mark={institution.id}
    >
      <rect width="40" height="40" rx="10" fill={markColour(institution.id)} />
      <path d="M0 30 L40 22 L40 30 Q40 40 30 40 L10 40 Q0 40 0 30 Z" fill="#ffffff" fillOpacity="0.14" />
      <text
        x="20"
        y="21"
        textAnchor="middle"
        dominantBaseline="central"
        fill="#ffffff"
        fontFamily="system-ui, -apple-system, 'Segoe UI', sans-serif"
        fontWeight="700"
        fontSize={initials.length > 1 ? 15 : 19}
        letterSpacing="0.5"
      >
        {initials}
      </text>
    </svg>
  );
}
