import { useState } from 'react';
import { initials, type PersonName } from '../lib/format';

export interface AvatarProps {
  person: (PersonName & { profileImageUrl?: string | null }) | null | undefined;
  /** Default 'md' (2.25rem); 'xl' (6rem) heads a profile or member page. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /**
   * Accessible name. Leave out when the name is shown next to the avatar: it is then decorative.
   */
  label?: string;
  className?: string;
}

/** The profile image, else initials (first + last name, else email, else '??'). */
export function Avatar({ person, size = 'md', label, className }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = person?.profileImageUrl;
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <span {...a11y} className={['avatar', `avatar--${size}`, className].filter(Boolean).join(' ')}>
      {url && url !== failedUrl ? (
        <img src={url} alt="" onError={() => setFailedUrl(url)} />
      ) : (
        <span className="avatar__initials">{initials(person)}</span>
      )}
    </span>
  );
}
