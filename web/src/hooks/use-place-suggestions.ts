import { useEffect, useRef, useState } from 'react';
import type { LatLng, Place } from '@allstall/shared';
import { useServices } from '../lib/services';
import { deviceIsOffline } from '../lib/device/device-offline';
import { searchFailureOf, type SearchFailure } from '../lib/search/search-failure';

/** docs/product-rules.md#search: the autocomplete waits this long after the last keystroke. */
const AUTOCOMPLETE_DEBOUNCE_MS = 300;

export interface PlaceSuggestions {
  /** The text the places answer, which may be a keystroke behind; matches from the device should use it too. */
  query: string;
  places: Place[];
  /** Set when addresses could not be suggested for the latest text. */
  failure: SearchFailure | null;
  /** The answer is for the text as it is now (not one keystroke behind, nor still on its way). */
  settled: boolean;
}

interface Answer {
  query: string;
  places: Place[];
  failure: SearchFailure | null;
}

const NONE: Answer = { query: '', places: [], failure: null };

/**
 * Places for what the person is typing, nearest to `near` first; null text (nothing typed) asks for
 * nothing. Each keystroke cancels the request before it, so a slow answer for "wal" can never
 * replace the one for "walker". Until the new answer lands the previous one stays, so the list does
 * not flicker empty between keystrokes.
 */
export function usePlaceSuggestions(text: string | null, near: LatLng): PlaceSuggestions {
  const { api } = useServices();
  const [answer, setAnswer] = useState<Answer>(NONE);
  const query = text?.trim() ?? '';
  // Read when the request goes: moving the origin must not fetch again for the same text.
  const nearRef = useRef(near);
  useEffect(() => {
    nearRef.current = near;
  });

  useEffect(() => {
    if (query === '') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      if (deviceIsOffline()) {
        setAnswer({ query, places: [], failure: 'offline' });
        return;
      }
      api.autocomplete(query, nearRef.current, controller.signal).then(
        (places) => {
          if (!controller.signal.aborted) setAnswer({ query, places, failure: null });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setAnswer({ query, places: [], failure: searchFailureOf(error) });
        },
      );
    }, AUTOCOMPLETE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [api, query]);

  if (query === '') return { query, places: [], failure: null, settled: true };
  return { ...answer, settled: answer.query === query };
}
