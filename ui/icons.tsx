import type { ReactNode } from 'react';
import { cx } from './cx';

export interface IconProps {
  /** When given, the icon is announced with this name (role="img"); otherwise it is decorative (aria-hidden). */
  title?: string;
  /** Pixel size of the square (default 20). */
  size?: number;
  className?: string;
}

// Icons are 24-unit line drawings in currentColor, so they follow the text colour they sit in.
export function makeIcon(displayName: string, body: ReactNode, filled = false) {
  function Icon({ title, size = 20, className }: IconProps) {
    const labelled = Boolean(title);
    return (
      <svg
        className={cx('ff-icon', className)}
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill={filled ? 'currentColor' : 'none'}
        stroke={filled ? 'none' : 'currentColor'}
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
        aria-hidden={labelled ? undefined : true}
        role={labelled ? 'img' : undefined}
        aria-label={labelled ? title : undefined}
      >
        {labelled ? <title>{title}</title> : null}
        {body}
      </svg>
    );
  }
  Icon.displayName = displayName;
  return Icon;
}

export const BankIcon = makeIcon(
  'BankIcon',
  <>
    <path d="M3.5 9.5 12 4.5l8.5 5" />
    <path d="M4 9.5h16" />
    <path d="M6 12.5v4.5M10 12.5v4.5M14 12.5v4.5M18 12.5v4.5" />
    <path d="M4.5 19.5h15" />
  </>,
);

export const CardIcon = makeIcon(
  'CardIcon',
  <>
    <rect x="3" y="5.5" width="18" height="13" rx="2.5" />
    <path d="M3 10h18" />
    <path d="M7 14.5h3.5" />
  </>,
);

export const WireIcon = makeIcon(
  'WireIcon',
  <>
    <path d="M4 8h14m0 0-3.5-3.5M18 8l-3.5 3.5" />
    <path d="M20 16H6m0 0 3.5-3.5M6 16l3.5 3.5" />
  </>,
);

export const CheckCircleIcon = makeIcon(
  'CheckCircleIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="m8 12.4 2.7 2.7L16 9.8" />
  </>,
);

export const AlertIcon = makeIcon(
  'AlertIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5V13" />
    <path d="M12 16.5h.01" strokeWidth={2.4} />
  </>,
);

export const InfoIcon = makeIcon(
  'InfoIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5.5" />
    <path d="M12 7.5h.01" strokeWidth={2.4} />
  </>,
);

export const ChevronRightIcon = makeIcon('ChevronRightIcon', <path d="m9.5 6 6 6-6 6" />);
export const ChevronDownIcon = makeIcon('ChevronDownIcon', <path d="m6 9.5 6 6 6-6" />);
export const CloseIcon = makeIcon('CloseIcon', <path d="M6 6l12 12M18 6 6 18" />);

export const MoreIcon = makeIcon(
  'MoreIcon',
  <>
    <circle cx="5.5" cy="12" r="1.75" />
    <circle cx="12" cy="12" r="1.75" />
    <circle cx="18.5" cy="12" r="1.75" />
  </>,
  true,
);

export const HelpIcon = makeIcon(
  'HelpIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.6 9.4a2.5 2.5 0 1 1 3.4 2.4c-.6.3-1 .8-1 1.5v.5" />
    <path d="M12 17h.01" strokeWidth={2.4} />
  </>,
);

export const LogoutIcon = makeIcon(
  'LogoutIcon',
  <>
    <path d="M9.5 20H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h3.5" />
    <path d="m15.5 16 4-4-4-4" />
    <path d="M19.5 12H9.5" />
  </>,
);

export const MenuIcon = makeIcon('MenuIcon', <path d="M4 7h16M4 12h16M4 17h16" />);
export const SearchIcon = makeIcon(
  'SearchIcon',
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="m16 16 4.5 4.5" />
  </>,
);
