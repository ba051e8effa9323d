import { useCallback, useEffect, useRef, useState } from 'react';
import type { Place } from '@allstall/shared';
import { useServices } from '@/lib/services';
import { deviceIsOffline } from '@/lib/device/device-offline';
import { searchFailureOf, type SearchFailure } from '@/lib/search/search-failure';

type LookupProblem = 'not-found' | SearchFailure;

export interface AddressLookup {
  /** Geocodes typed text the person did not pick a suggestion for; the best result goes to `onFound`. */
  lookUp: (text: string) => void;
  /** Forgets a lookup still on its way: the person chose something else meanwhile. */
  cancel: () => void;
  looking: boolean;
  problem: LookupProblem | null;
}

/** docs/product-rules.md#search: the address is sent only when non-empty, and `results[0]` is the one used. */
export function useAddressLookup(onFound: (place: Place) => void): AddressLookup {
  const { api } = useServices();
  const [looking, setLooking] = useState(false);
  const [problem, setProblem] = useState<LookupProblem | null>(null);
  const pending = useRef<AbortController | null>(null);
  const found = useRef(onFound);
  useEffect(() => {
    found.current = onFound;
  });

  const cancel = useCallback(() => {
    pending.current?.abort();
    pending.current = null;
    setLooking(false);
    setProblem(null);
  }, []);

  const lookUp = useCallback(
    (text: string) => {
      const address = text.trim();
      cancel();
      if (address === '') return;
      if (deviceIsOffline()) {
        setProblem('offline');
        return;
      }
      const controller = new AbortController();
      pending.current = controller;
      setLooking(true);
      const settle = (next: LookupProblem | null) => {
        if (controller.signal.aborted) return;
        pending.current = null;
        setLooking(false);
        setProblem(next);
      };
      api.geocode(address, controller.signal).then(
        (places) => {
          const best = places[0];
          settle(best ? null : 'not-found');
          if (best && !controller.signal.aborted) found.current(best);
        },
        (error: unknown) => settle(searchFailureOf(error)),
      );
    },
    [api, cancel],
  );

  useEffect(() => () => pending.current?.abort(), []);

  return { lookUp, cancel, looking, problem };
}
