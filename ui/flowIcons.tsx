import { makeIcon } from './icons';

// Icons only the flows draw, apart from icons.tsx: the kit's modules are free of side effects, so these stay in the
// flows' chunks instead of riding in the first bundle with the icons the app's frame and first pages use.

export const MicroDepositIcon = makeIcon(
  'MicroDepositIcon',
  <>
    <circle cx="9" cy="10" r="5.5" />
    <path d="M15 8.5a5.5 5.5 0 1 1-5.17 7.38" />
    <path d="M9 8v4" />
  </>,
);

export const ChevronLeftIcon = makeIcon('ChevronLeftIcon', <path d="M14.5 6 8.5 12l6 6" />);

export const PlusIcon = makeIcon('PlusIcon', <path d="M12 5v14M5 12h14" />);

export const ShieldIcon = makeIcon(
  'ShieldIcon',
  <>
    <path d="M12 3.5 5 6.3v5.2c0 4.3 2.9 7.6 7 9 4.1-1.4 7-4.7 7-9V6.3z" />
    <path d="m9 12 2.2 2.2L15.2 10" />
  </>,
);

export const ClockIcon = makeIcon(
  'ClockIcon',
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5V12l3 2" />
  </>,
);
