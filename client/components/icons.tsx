/** Small inline icons (no icon font, no external requests). */
const common = { width: 24, height: 24, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

export const CloudOffIcon = () => (
  <svg {...common}>
    <path d="M3 3l18 18" />
    <path d="M17.5 17.5H7a4.5 4.5 0 0 1-1.3-8.8M9.4 5.5A6 6 0 0 1 18.7 10 4 4 0 0 1 21 17" />
  </svg>
);
export const WrenchIcon = () => (
  <svg {...common}>
    <path d="M14.7 6.3a4 4 0 0 0-5.4 5.2L3.5 17.3a1.8 1.8 0 0 0 2.5 2.5l5.8-5.8a4 4 0 0 0 5.2-5.4l-2.5 2.5-2.3-.4-.4-2.3z" />
  </svg>
);
export const LockIcon = () => (
  <svg {...common}>
    <rect x="4" y="10" width="16" height="11" rx="2" />
    <path d="M8 10V7a4 4 0 0 1 8 0v3" />
  </svg>
);
export const HourglassIcon = () => (
  <svg {...common}>
    <path d="M6 3h12M6 21h12M7 3c0 5 10 5 10 9s-10 4-10 9M17 3c0 5-10 5-10 9" />
  </svg>
);
export const CompassIcon = () => (
  <svg {...common}>
    <circle cx="12" cy="12" r="9" />
    <path d="M15.5 8.5l-2 5-5 2 2-5z" />
  </svg>
);
export const CheckIcon = () => (
  <svg {...common}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
);
export const BellIcon = () => (
  <svg {...common}>
    <path d="M6 9a6 6 0 0 1 12 0c0 5 2 7 2 7H4s2-2 2-7" />
    <path d="M10 20a2 2 0 0 0 4 0" />
  </svg>
);
