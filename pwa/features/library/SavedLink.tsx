import { Link } from '@tanstack/react-router';
import { BookmarkIcon } from '../../components/icons';
import './library.css';

/** Header link to the Saved view (articles kept for offline reading). */
export function SavedLink({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link to="/saved" className="saved-link" onClick={onNavigate}>
      <BookmarkIcon />
      <span className="saved-link__text">Saved</span>
    </Link>
  );
}
