import './downloads.css';

/**
 * Offline, on an episode whose audio is not on this device: said beside its play control (which
 * the caller dims), and pointed to by that control's `aria-describedby` through `id`.
 */
export function NotDownloadedMark({ id }: { id?: string }) {
  return (
    <span id={id} className="badge badge--neutral episode-not-downloaded">
      Not downloaded
    </span>
  );
}
