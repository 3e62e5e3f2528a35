/** Decorative icons for the achievement badges (aria-hidden; the badge name carries the meaning). */
const common = { viewBox: '0 0 24 24', className: 'icon', 'aria-hidden': true, focusable: false } as const;
const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function PenIcon() {
  return (
    <svg {...common}>
      <path d="M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4" {...stroke} />
    </svg>
  );
}

export function ChatIcon() {
  return (
    <svg {...common}>
      <path d="M4 5h16v11H9l-5 4z" {...stroke} />
    </svg>
  );
}

export function BookIcon() {
  return (
    <svg {...common}>
      <path d="M3 5h6a3 3 0 0 1 3 3v12a2 2 0 0 0-2-2H3zM21 5h-6a3 3 0 0 0-3 3v12a2 2 0 0 1 2-2h7z" {...stroke} />
    </svg>
  );
}

export function TrophyIcon() {
  return (
    <svg {...common}>
      <path d="M8 4h8v5a4 4 0 0 1-8 0zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8" {...stroke} />
    </svg>
  );
}
