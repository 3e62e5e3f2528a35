import { useSyncExternalStore } from 'react';
import { PlainButton } from '../../components/PlainButton';

/** Chromium's install offer (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/*
 * The offer is caught when this module loads, not when the header mounts: the browser may send it
 * before React has rendered, and it does not send it twice.
 */
let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const setOffer = (next: BeforeInstallPromptEvent | null) => {
  offer = next;
  for (const listener of listeners) listener();
};
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // no mini-infobar: the header offers it instead
    setOffer(event as BeforeInstallPromptEvent);
  });
  window.addEventListener('appinstalled', () => setOffer(null));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * 'Install app': shown only while the browser offers installation; pressing it opens the browser's
 * own install dialog. Gone once used (an offer works once) or once the app is installed.
 */
export function InstallButton() {
  const current = useSyncExternalStore(subscribe, () => offer, () => null);
  if (!current) return null;
  const install = async () => {
    await current.prompt();
    await current.userChoice;
    setOffer(null);
  };
  return (
    <PlainButton variant="secondary" size="sm" className="install-button" onPress={() => void install()}>
      Install app
    </PlainButton>
  );
}
