import { Suspense, type ReactNode } from 'react';

export interface CardGridProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  /** The card for an item; `index` 0 is the one a visitor sees first (its image loads first). */
  children: (item: T, index: number) => ReactNode;
  'aria-label'?: string;
  /** The list's layout; default the responsive grid `.card-grid`. */
  className?: string;
}

/**
 * A list of cards, by default in the responsive grid `.card-grid`. Each card is its own Suspense boundary: in a page
 * rendered on the server, React hydrates such boundaries one at a time in the background, so a list
 * of 50 cards becomes many short tasks instead of one long one (Lighthouse's total blocking time),
 * and a card a reader clicks meanwhile is hydrated first.
 */
export function CardGrid<T>({ items, itemKey, children: card, 'aria-label': label, className = 'card-grid' }: CardGridProps<T>) {
  return (
    <ul className={className} aria-label={label}>
      {items.map((item, index) => (
        <li key={itemKey(item)}>
          <Suspense fallback={null}>{card(item, index)}</Suspense>
        </li>
      ))}
    </ul>
  );
}
