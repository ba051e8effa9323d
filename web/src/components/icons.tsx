import type { ReactNode } from 'react';

export interface IconProps {
  /** When given, the icon is announced with this name; otherwise it is decoration and hidden from assistive tech. */
  title?: string;
  className?: string;
  size?: number;
}

function Icon({ title, className, size = 24, children }: IconProps & { children: ReactNode }) {
  const labelled = title !== undefined;
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      role={labelled ? 'img' : undefined}
      aria-label={title}
      aria-hidden={labelled ? undefined : true}
    >
      {labelled && <title>{title}</title>}
      {children}
    </svg>
  );
}

export const MenuIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);

export const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

export const AccountIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="10" />
    <circle cx="12" cy="10" r="3.2" />
    <path d="M6.2 18.4c1.3-2 3.4-3.1 5.8-3.1s4.5 1.1 5.8 3.1" />
  </Icon>
);

export const ChevronDownIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 9l6 6 6-6" />
  </Icon>
);

export const ArrowLeftIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M19 12H5M11 6l-6 6 6 6" />
  </Icon>
);

export const ThumbUpIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 10h3.5v10H3zM6.5 19.5h10.1a2 2 0 0 0 2-1.6l1.3-6.2A2 2 0 0 0 18 9.3h-4.8l.8-3.6a1.9 1.9 0 0 0-3.4-1.5L6.5 10" />
  </Icon>
);

export const ThumbDownIcon = (p: IconProps) => (
  <Icon {...p}>
    <g transform="rotate(180 12 12)">
      <path d="M3 10h3.5v10H3zM6.5 19.5h10.1a2 2 0 0 0 2-1.6l1.3-6.2A2 2 0 0 0 18 9.3h-4.8l.8-3.6a1.9 1.9 0 0 0-3.4-1.5L6.5 10" />
    </g>
  </Icon>
);

/** A circle with both the arrow and the cross: the all-gender mark used on restroom doors. */
export const GenderNeutralIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="12" r="4.5" />
    <path d="M11 16.5V22M8.5 19.5h5M14.2 8.8L19 4M15 4h4v4" />
  </Icon>
);

export const ChangingTableIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="7" cy="8.5" r="2.2" />
    <path d="M10.5 8.5h8a1.5 1.5 0 0 1 0 3h-8zM3 14h18M5 14v6M19 14v6" />
  </Icon>
);

export const AccessibleIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="11" cy="3.8" r="1.6" />
    <path d="M11 7v6h5.5l2.5 5.5M11 10h4.5M8 10.6a5.5 5.5 0 1 0 7.6 7.4" />
  </Icon>
);

export const SingleStallIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 21V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v17M3 21h18" />
    <circle cx="14.5" cy="12.5" r="0.9" fill="currentColor" />
  </Icon>
);

/** Two people: open to everyone, not only to customers or staff. */
export const PublicIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="9" cy="7.5" r="3" />
    <path d="M3 20v-1.5A4.5 4.5 0 0 1 7.5 14h3a4.5 4.5 0 0 1 4.5 4.5V20" />
    <circle cx="17" cy="8.5" r="2.5" />
    <path d="M17.5 14.2A4 4 0 0 1 21 18.2V20" />
  </Icon>
);

/** A drop: pads, tampons or other menstrual products on hand. */
export const MenstrualProductsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3s6 6.6 6 11a6 6 0 0 1-12 0c0-4.4 6-11 6-11z" />
  </Icon>
);

/** A shopping bag: for the customers of the place it is in. */
export const CustomersIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 8h14l-1.2 13H6.2z" />
    <path d="M9 10V6.5a3 3 0 0 1 6 0V10" />
  </Icon>
);

/** A key: ask the staff for it. */
export const KeyIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="8" cy="15" r="4.5" />
    <path d="M11.2 11.8L20 3M16.5 6.5l3 3M14 9l2.5 2.5" />
  </Icon>
);

/** A coin, for whether using the restroom costs money: no currency sign, since regions differ. */
export const CoinIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <circle cx="12" cy="12" r="4.5" />
  </Icon>
);

export const DirectionsIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 2.5l9.5 9.5-9.5 9.5L2.5 12z" />
    <path d="M9 14v-2.5a1 1 0 0 1 1-1h5M13 8.5l2 2-2 2" />
  </Icon>
);

export const MapPinIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 21.5s7-6.1 7-12a7 7 0 0 0-14 0c0 5.9 7 12 7 12z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Icon>
);

export const ClockIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Icon>
);

export const InstallIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3v12M7 10l5 5 5-5M5 20h14" />
  </Icon>
);

export const CloudOffIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 3l18 18M8.5 6.2A6 6 0 0 1 17.7 10H18a4 4 0 0 1 2.4 7.2M16 18H7a5 5 0 0 1-1.7-9.7" />
  </Icon>
);

export const CheckCircleIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M7.5 12.5l3 3 6-6.5" />
  </Icon>
);

export const ErrorCircleIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9.5" />
    <path d="M9 9l6 6M15 9l-6 6" />
  </Icon>
);

export const WarningIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3.2L2.5 20h19z" />
    <path d="M12 10v4.5M12 17.2v.1" />
  </Icon>
);

export const FlagIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 21V4M5 4h11l-2 4 2 4H5" />
  </Icon>
);

export const SendIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M21 3L10 14M21 3l-7 18-4-7-7-4z" />
  </Icon>
);

export const ShareIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="18" cy="5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="19" r="2.5" />
    <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
  </Icon>
);
