export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

/** The classes of a button or a link that looks like one (components.css), shared by Button.tsx and PlainButton.tsx. */
export function buttonClassName({ variant = 'primary', size = 'md' }: { variant?: ButtonVariant; size?: ButtonSize }, extra?: string): string {
  return ['btn', `btn--${variant}`, `btn--${size}`, extra].filter(Boolean).join(' ');
}
