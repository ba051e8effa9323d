import { useCallback, useRef, useState } from 'react';
import { adminCallFailureText } from '../lib/api/admin-calls';
import { t } from '../lib/i18n/i18n';
import { deviceIsOffline } from '../lib/device/device-offline';

export interface OnlineTask {
  busy: boolean;
  /** Why the last run failed, in words for the admin; null after a run that worked. */
  failure: string | null;
  /**
   * Runs `task` unless one is already running, or says at once that there is no connection.
   * Resolves with its result, or null when it failed or did not start.
   */
  run<T>(task: () => Promise<T>): Promise<T | null>;
}

/** One online-only admin job (a load, an import, a tool batch) with its loading state and its failure. */
export function useOnlineTask(): OnlineTask {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A second press while the first is on its way must not send the job twice.
  const running = useRef(false);

  const run = useCallback(async <T>(task: () => Promise<T>): Promise<T | null> => {
    if (running.current) return null;
    if (deviceIsOffline()) {
      setFailure(t('writes.onlineOnly'));
      return null;
    }
    running.current = true;
    setBusy(true);
    setFailure(null);
    try {
      return await task();
    } catch (error) {
      setFailure(adminCallFailureText(error));
      return null;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return { busy, failure, run };
}
