import { Suspense, type CSSProperties, type ReactNode } from 'react';
import './CardGrid.css';

/**
 * How wide an item may get before the grid adds a column (CardGrid.css has the breakpoints):
 * 'card' for content cards (19rem), 'compact' for small cards such as forum categories (14rem),
 * 'tile' for stat tiles and badges (9rem).
 */
export type GridVariant = 'card' | 'compact' | 'tile';

/** Most columns any variant reaches. */
const MAX_COLUMNS = 6;

/**
 * The column count for `count` items when at most `room` fit side by side: the fewest rows, then
 * rows as even as they can be. 4 in room for 3 → 2 × 2; 5 → 3 + 2; 2 → 2; a single item takes half
 * the row when there is room for two (a card the width of the page reads badly).
 */
export function balancedColumnCount(count: number, room: number): number {
  if (count <= 1) return Math.min(2, room);
  const rows = Math.ceil(count / room);
  return Math.ceil(count / rows);
}

/**
 * The grid's column count at each room (1–6 items side by side) as custom properties; the
 * container queries of CardGrid.css pick the one for the grid's width. Rendered on the server as
 * they are in the browser: nothing is measured in script.
 */
export function balancedColumns(count: number): CSSProperties {
  const style: Record<string, number> = {};
  for (let room = 1; room <= MAX_COLUMNS; room++) style[`--cols-${room}`] = balancedColumnCount(count, room);
  return style as CSSProperties;
}

/** The frame (a size container) and list classes of a balanced grid of `variant`, for lists that are not CardGrids. */
export const balancedGridClasses = (variant: GridVariant) => ({
  frame: `balanced-grid balanced-grid--${variant}`,
  list: 'balanced-grid__list',
});

export interface CardGridProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string;
  /** The card for an item; `index` 0 is the one a visitor sees first (its image loads first). */
  children: (item: T, index: number) => ReactNode;
  'aria-label'?: string;
  /** Extra classes of the list; default the content card grid `.card-grid`. */
  className?: string;
  /** Default 'card'. */
  variant?: GridVariant;
}

/**
 * A list of cards in a balanced grid (no orphan columns): the column count follows both
 * the room and the number of items, and a last row that cannot be full is centred. Each card is
 * its own Suspense boundary: in a page rendered on the server, React hydrates such boundaries one at
 * a time in the background, so a list of 50 cards becomes many short tasks instead of one long one
 * (Lighthouse's total blocking time), and a card a reader clicks meanwhile is hydrated first.
 */
export function CardGrid<T>({ items, itemKey, children: card, 'aria-label': label, className = 'card-grid', variant = 'card' }: CardGridProps<T>) {
  const classes = balancedGridClasses(variant);
  return (
    <div className={classes.frame}>
      <ul className={`${classes.list} ${className}`} aria-label={label} style={balancedColumns(items.length)}>
        {items.map((item, index) => (
          <li key={itemKey(item)}>
            <Suspense fallback={null}>{card(item, index)}</Suspense>
          </li>
        ))}
      </ul>
    </div>
  );
}
