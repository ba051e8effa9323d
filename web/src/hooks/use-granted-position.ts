import { useCallback, useEffect, useRef, useState } from 'react';
import type { LatLng } from '@allstall/shared';

/** Why no position came after the person asked: blocked for the site, no fix, or no fix in time. */
export type PositionProblem = 'denied' | 'unavailable' | 'timeout';

export interface GrantedPosition {
  position: LatLng | null;
  /** Whether the browser has geolocation at all; without it there is nothing to ask for. */
  canAsk: boolean;
  /** Asks for the position; only ever called from a tap, so the browser prompt follows a clear intent. */
  ask: () => void;
  /** Asked, and waiting for the first fix. */
  asking: boolean;
  /** What went wrong with the last attempt; cleared by the next ask or the next fix. */
  problem: PositionProblem | null;
}

const WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: false, maximumAge: 60_000, timeout: 20_000 };

function problemOf(error: GeolocationPositionError): PositionProblem {
  if (error.code === error.PERMISSION_DENIED) return 'denied';
  return error.code === error.TIMEOUT ? 'timeout' : 'unavailable';
}

/**
 * The device's position, followed only once the person has allowed it: on load this never triggers
 * the browser's permission prompt. The position stays on the device (docs/product-rules.md#distance).
 */
export function useGrantedPosition(): GrantedPosition {
  const [position, setPosition] = useState<LatLng | null>(null);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<PositionProblem | null>(null);
  const watchId = useRef<number | null>(null);
  const known = useRef<LatLng | null>(null);
  const supported = typeof navigator !== 'undefined' && !!navigator.geolocation;

  const stop = useCallback(() => {
    if (watchId.current !== null) navigator.geolocation.clearWatch(watchId.current);
    watchId.current = null;
  }, []);

  const follow = useCallback(() => {
    if (!supported || watchId.current !== null) return;
    watchId.current = navigator.geolocation.watchPosition(
      (p) => {
        known.current = { lat: p.coords.latitude, lng: p.coords.longitude };
        setPosition(known.current);
        setAsking(false);
        setProblem(null);
      },
      (error) => {
        setAsking(false);
        const next = problemOf(error);
        if (next === 'denied') {
          known.current = null;
          setPosition(null);
          setProblem(next);
          // Stop watching so a later change of heart (permission granted in settings) can start afresh.
          stop();
        } else if (known.current === null) {
          // The watch goes on trying; a passing lapse after a fix keeps the last position unannounced.
          setProblem(next);
        }
      },
      WATCH_OPTIONS,
    );
  }, [supported, stop]);

  const ask = useCallback(() => {
    if (!supported) return;
    setProblem(null);
    if (known.current !== null && watchId.current !== null) return;
    stop();
    setAsking(true);
    follow();
  }, [supported, stop, follow]);

  useEffect(() => {
    if (!supported || !navigator.permissions) return;
    let status: PermissionStatus | null = null;
    let cancelled = false;
    const react = () => {
      if (cancelled || !status) return;
      if (status.state === 'granted') follow();
    };
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((result) => {
        status = result;
        result.addEventListener('change', react);
        react();
      })
      .catch(() => {});
    return () => {
      cancelled = true;
      status?.removeEventListener('change', react);
    };
  }, [supported, follow]);

  useEffect(() => stop, [stop]);

  return { position, canAsk: supported, ask, asking, problem };
}
