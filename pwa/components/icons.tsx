import type { ReactNode } from 'react';

/*
 * The app's icons, one set for every screen. All are decorative (aria-hidden): the text or the
 * accessible name beside them carries the meaning. 24×24, drawn in `currentColor`, sized by `.icon`.
 */

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" className="icon" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** Saved for offline reading; filled once saved. */
export function BookmarkIcon({ filled = false }: { filled?: boolean }) {
  return (
    <Icon>
      <path d="M6 3h12v18l-6-4-6 4z" {...stroke} fill={filled ? 'currentColor' : 'none'} />
    </Icon>
  );
}

/** Comments, replies and discussions. */
export function CommentIcon() {
  return (
    <Icon>
      <path d="M4 5h16v11H9l-5 4z" {...stroke} />
    </Icon>
  );
}

export function ShareIcon() {
  return (
    <Icon>
      <circle cx="6" cy="12" r="2.5" {...stroke} />
      <circle cx="18" cy="6" r="2.5" {...stroke} />
      <circle cx="18" cy="18" r="2.5" {...stroke} />
      <path d="m8.2 10.8 7.6-3.6M8.2 13.2l7.6 3.6" {...stroke} />
    </Icon>
  );
}

/** Likes; `filled` once the viewer has liked. */
export function HeartIcon({ filled = false }: { filled?: boolean }) {
  return (
    <Icon>
      <path
        d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.3 5 6.8 5c2 0 3.4 1.1 4.2 2.4h2C13.8 6.1 15.2 5 17.2 5c3.5 0 5.6 3.6 4.3 6.8C19.5 16.4 12 21 12 21z"
        {...stroke}
        fill={filled ? 'currentColor' : 'none'}
      />
    </Icon>
  );
}

export function PlayIcon() {
  return (
    <Icon>
      <path d="M8 5v14l11-7z" fill="currentColor" />
    </Icon>
  );
}

export function HeadphonesIcon() {
  return (
    <Icon>
      <path d="M4 15v-3a8 8 0 0 1 16 0v3" {...stroke} />
      <rect x="3" y="14" width="4" height="6" rx="1.5" fill="currentColor" />
      <rect x="17" y="14" width="4" height="6" rx="1.5" fill="currentColor" />
    </Icon>
  );
}

/** Edit buttons and the writer's badge. */
export function EditIcon() {
  return (
    <Icon>
      <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" {...stroke} />
    </Icon>
  );
}

export function TrashIcon() {
  return (
    <Icon>
      <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6" {...stroke} />
    </Icon>
  );
}

/** 'Back to …' links. */
export function ArrowLeftIcon() {
  return (
    <Icon>
      <path d="M19 12H5m6-7-7 7 7 7" {...stroke} />
    </Icon>
  );
}

export function PinIcon() {
  return (
    <Icon>
      <path d="M9 3h6l-1 6 4 4H6l4-4zM12 13v8" {...stroke} />
    </Icon>
  );
}

export function LockIcon() {
  return (
    <Icon>
      <rect x="5" y="11" width="14" height="10" rx="2" {...stroke} />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" {...stroke} />
    </Icon>
  );
}

export function BookIcon() {
  return (
    <Icon>
      <path d="M3 5h6a3 3 0 0 1 3 3v12a2 2 0 0 0-2-2H3zM21 5h-6a3 3 0 0 0-3 3v12a2 2 0 0 1 2-2h7z" {...stroke} />
    </Icon>
  );
}

export function TrophyIcon() {
  return (
    <Icon>
      <path d="M8 4h8v5a4 4 0 0 1-8 0zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8" {...stroke} />
    </Icon>
  );
}

export function ClockIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" {...stroke} />
      <path d="M12 7v5l3 2" {...stroke} />
    </Icon>
  );
}

export function StarIcon() {
  return (
    <Icon>
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" fill="currentColor" />
    </Icon>
  );
}

export function DownloadIcon() {
  return (
    <Icon>
      <path d="M12 4v11m-5-5 5 5 5-5M5 20h14" {...stroke} />
    </Icon>
  );
}

/** Difficulty level (three bars). */
export function LevelIcon() {
  return (
    <Icon>
      <path d="M5 20v-5m7 5V10m7 10V4" {...stroke} strokeWidth={2.5} />
    </Icon>
  );
}

export function ExternalIcon() {
  return (
    <Icon>
      <path d="M14 4h6v6m0-6-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" {...stroke} />
    </Icon>
  );
}

export function MenuIcon() {
  return (
    <Icon>
      <path d="M4 6h16M4 12h16M4 18h16" {...stroke} />
    </Icon>
  );
}

export function SunIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="4.5" {...stroke} />
      <path
        d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"
        {...stroke}
      />
    </Icon>
  );
}

export function MoonIcon() {
  return (
    <Icon>
      <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" fill="currentColor" />
    </Icon>
  );
}

/** Notifications (the header's bell). */
export function BellIcon() {
  return (
    <Icon>
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 21h4" {...stroke} />
    </Icon>
  );
}

/* The player's controls. */

export function PauseIcon() {
  return (
    <Icon>
      <rect x="6" y="5" width="4" height="14" rx="1" fill="currentColor" />
      <rect x="14" y="5" width="4" height="14" rx="1" fill="currentColor" />
    </Icon>
  );
}

export function BackIcon() {
  return (
    <Icon>
      <path d="M3 12a9 9 0 1 0 3-6.7" {...stroke} />
      <path d="M3 4v5h5" {...stroke} />
    </Icon>
  );
}

export function ForwardIcon() {
  return (
    <Icon>
      <path d="M21 12a9 9 0 1 1-3-6.7" {...stroke} />
      <path d="M21 4v5h-5" {...stroke} />
    </Icon>
  );
}

export function QueueAddIcon() {
  return (
    <Icon>
      <path d="M4 6h11M4 12h11M4 18h7M18 15v6M15 18h6" {...stroke} />
    </Icon>
  );
}

export function ExpandIcon() {
  return (
    <Icon>
      <path d="M6 15l6-6 6 6" {...stroke} />
    </Icon>
  );
}

export function CloseIcon() {
  return (
    <Icon>
      <path d="M6 6l12 12M18 6L6 18" {...stroke} />
    </Icon>
  );
}

export function UpIcon() {
  return (
    <Icon>
      <path d="M12 19V5M6 11l6-6 6 6" {...stroke} />
    </Icon>
  );
}

export function DownIcon() {
  return (
    <Icon>
      <path d="M12 5v14M6 13l6 6 6-6" {...stroke} />
    </Icon>
  );
}
