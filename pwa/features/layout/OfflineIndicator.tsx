import { useEffect, useState } from 'react';
import { useOnline } from '../../offline/useOnline';
import './prompts.css';

/**
 * The header's connection state. A polite live region, so screen readers hear 'Offline' when the
 * connection drops and 'Back online' when it returns; nothing is shown while online.
 */
export function OfflineIndicator() {
  const online = useOnline();
  const [wasOffline, setWasOffline] = useState(false);
  useEffect(() => {
    if (!online) setWasOffline(true);
  }, [online]);

  return (
    <span role="status" className="offline-indicator">
      {online ? (
        wasOffline ? <span className="visually-hidden">Back online</span> : null
      ) : (
        <span className="offline-indicator__pill">
          <svg viewBox="0 0 24 24" className="icon" aria-hidden="true" focusable="false">
            <path
              d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              fill="none"
            />
          </svg>
          <span className="offline-indicator__text">Offline</span>
        </span>
      )}
    </span>
  );
}
