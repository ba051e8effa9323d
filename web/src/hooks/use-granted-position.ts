import { useCallback, useEffect, useRef, useState } from 'react';
import type { LatLng } from '@allstall/shared';

export interface GrantedPosition {
  position: LatLng | null;
  /** Whether asking could help: geolocation exists and the person has not said no. */
  canAsk: boolean;
  /** Asks for the position; only ever called from a tap, so the browser prompt follows a clear intent. */
  ask: () => void;
}

const WATCH_OPTIONS: PositionOptions = { enableHighAccuracy: false, maximumAge: 60_000, timeout: 20_000 };

/**
 * The device's position, followed only once the person has allowed it: on load this never triggers
 * the browser's permission prompt. The position stays on the device (ARCHITECTURE §4).
 */
export function useGrantedPosition(): GrantedPosition {
  const [position, setPosition] = useState<LatLng | null>(null);
  const [denied, setDenied] = useState(false);
  const watchId = useRef<number | null>(null);
  const supported = typeof navigator !== 'undefined' && !!navigator.geolocation;

  const follow = useCallback(() => {
    if (!supported || watchId.current !== null) return;
    watchId.current = navigator.geolocation.watchPosition(
      (p) => setPosition({ lat: p.coords.latitude, lng: p.coords.longitude }),
      (error) => {
        if (error.code !== error.PERMISSION_DENIED) return;
        setDenied(true);
        // Stop watching so a later change of heart (permission granted in settings) can start afresh.
        if (watchId.current !== null) navigator.geolocation.clearWatch(watchId.current);
        watchId.current = null;
      },
      WATCH_OPTIONS,
    );
  }, [supported]);

  useEffect(() => {
    if (!supported || !navigator.permissions) return;
    let status: PermissionStatus | null = null;
    let cancelled = false;
    const react = () => {
      if (cancelled || !status) return;
      setDenied(status.state === 'denied');
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
      if (watchId.current !== null) navigator.geolocation.clearWatch(watchId.current);
      watchId.current = null;
    };
  }, [supported, follow]);

  return { position, canAsk: supported && !denied, ask: follow };
}
