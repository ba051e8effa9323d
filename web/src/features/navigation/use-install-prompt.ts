import { useEffect, useState } from 'react';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOption = { kind: 'prompt'; install: () => void } | { kind: 'ios-instructions' } | null;

function isIosBrowserTab(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return /iphone|ipad|ipod/i.test(navigator.userAgent) && !standalone;
}

/** What 'Install App' can do here: show the browser's own prompt, explain iOS's share menu, or nothing. */
export function useInstallPrompt(): InstallOption {
  const [deferred, setDeferred] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const offer = (event: Event) => {
      // Keep the browser's mini-infobar away; the drawer's button offers the same thing calmly.
      event.preventDefault();
      setDeferred(event as BeforeInstallPromptEvent);
    };
    const installed = () => setDeferred(null);
    window.addEventListener('beforeinstallprompt', offer);
    window.addEventListener('appinstalled', installed);
    return () => {
      window.removeEventListener('beforeinstallprompt', offer);
      window.removeEventListener('appinstalled', installed);
    };
  }, []);

  if (deferred) {
    return {
      kind: 'prompt',
      install: () => {
        void deferred.prompt();
        // A prompt can be shown once; it is spent whatever the person chooses.
        setDeferred(null);
      },
    };
  }
  return typeof navigator !== 'undefined' && isIosBrowserTab() ? { kind: 'ios-instructions' } : null;
}
