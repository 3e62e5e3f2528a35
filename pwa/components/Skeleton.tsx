import type { CSSProperties, ReactNode } from 'react';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  /** 'text' is a line of text height; 'circle' for avatars. Default 'text'. */
  shape?: 'text' | 'rect' | 'circle';
  className?: string;
}

/** A grey placeholder block. Decorative: wrap a group in `<SkeletonGroup label>` for screen readers. */
export function Skeleton({ width, height, shape = 'text', className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      data-testid="skeleton"
      className={['skeleton', `skeleton--${shape}`, className].filter(Boolean).join(' ')}
      style={{ width, height }}
    />
  );
}

/** Announces one 'Loading …' for a group of skeletons (role status, aria-busy). */
export function SkeletonGroup({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className={className}>
      <span className="visually-hidden">{label}</span>
      {children}
    </div>
  );
}

/**
 * `rows` placeholders shaped like items with an avatar beside lines of text (a comment, a
 * notification): each row has `rowClassName`, its text column `${rowClassName}__body`, so the
 * placeholder takes the item's own layout.
 */
export function AvatarRowsSkeleton({
  rows,
  label,
  className,
  rowClassName,
  lineWidths,
}: {
  rows: number;
  label: string;
  className?: string;
  rowClassName: string;
  lineWidths: readonly CSSProperties['width'][];
}) {
  return (
    <SkeletonGroup label={label} className={className}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={rowClassName}>
          <Skeleton shape="circle" width="2.25rem" height="2.25rem" />
          <div className={`${rowClassName}__body`}>
            {lineWidths.map((width, line) => (
              <Skeleton key={line} width={width} />
            ))}
          </div>
        </div>
      ))}
    </SkeletonGroup>
  );
}

/** The shape of a content card (image, badge, meta, title, two lines of text). */
export function CardSkeleton() {
  return (
    <div className="card card--skeleton" aria-hidden="true">
      <Skeleton shape="rect" className="card__media" />
      <div className="card__body">
        <Skeleton width="30%" />
        <Skeleton width="85%" height="1.4em" />
        <Skeleton width="100%" />
        <Skeleton width="70%" />
      </div>
    </div>
  );
}

/** `count` card skeletons in the card grid, e.g. 6 for the news list, 3 on the home page. */
export function CardGridSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <SkeletonGroup label={label} className="card-grid">
      {Array.from({ length: count }, (_, i) => (
        <CardSkeleton key={i} />
      ))}
    </SkeletonGroup>
  );
}

/** An article's or episode's comments while they load: while their code downloads and while their answer does. */
export function CommentRowsSkeleton() {
  return <AvatarRowsSkeleton rows={2} label="Loading comments" className="stack-list stack-list--tight" rowClassName="comment" lineWidths={['30%', '90%']} />;
}
