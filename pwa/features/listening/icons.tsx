import type { ReactNode } from 'react';

/* The player's own icons (the shared set has Play only), drawn like pwa/components/icons.tsx. */

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" className="icon" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

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
