import type { ReactNode } from 'react';
import { Card } from '../../components/Card';

/** One section of the profile page: a card named by its h2 (`id` is the heading's id). */
export function ProfileCard({ id, title, className, children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <Card as="section" className={className ? `profile-card ${className}` : 'profile-card'} aria-labelledby={id}>
      <div className="card__body">
        <h2 id={id} className="profile-card__title">
          {title}
        </h2>
        {children}
      </div>
    </Card>
  );
}
