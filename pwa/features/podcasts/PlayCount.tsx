import { HeadphonesIcon } from '../../components/icons';
import { formatCount } from '../../lib/format';

/** An episode's plays on its card: the icon and the count, with 'play'/'plays' for screen readers. */
export function PlayCount({ count }: { count: number }) {
  return (
    <span className="card__stat">
      <HeadphonesIcon />
      {formatCount(count)}
      <span className="visually-hidden">{count === 1 ? ' play' : ' plays'}</span>
    </span>
  );
}
