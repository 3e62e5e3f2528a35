import { useEffect, useState } from 'react';
import { Button } from '../components/Button';

/** Chromium's install offer (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * 'Install app': shown only while the browser offers installation (its beforeinstallprompt event);
 * pressing it opens the browser's own install dialog. Gone once installed or declined.
 */
export function InstallButton() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const onOffer = (event: Event) => {
      event.preventDefault(); // keep the browser's mini-infobar away; the header offers it instead
      setOffer(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setOffer(null);
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!offer) return null;
  const install = async () => {
    await offer.prompt();
    await offer.userChoice;
    setOffer(null); // an offer can be used once
  };
  return (
    <Button variant="secondary" size="sm" className="install-button" onPress={() => void install()}>
      Install app
    </Button>
  );
}
