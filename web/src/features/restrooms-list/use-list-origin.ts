import { useMemo } from 'react';
import type { LatLng } from '@allstall/shared';
import { useClientConfig } from '../../hooks/use-client-config';
import { useGrantedPosition } from '../../hooks/use-granted-position';

export interface ListOrigin {
  origin: LatLng;
  /** True when distances are measured from the person, false when from the region's default point. */
  fromPosition: boolean;
  canAskPosition: boolean;
  askPosition: () => void;
}

export function useListOrigin(): ListOrigin {
  const { position, canAsk, ask } = useGrantedPosition();
  const { region } = useClientConfig();
  const { lat, lng } = position ?? region.listOrigin;
  const fromPosition = position !== null;
  return useMemo(
    () => ({ origin: { lat, lng }, fromPosition, canAskPosition: canAsk && !fromPosition, askPosition: ask }),
    [lat, lng, fromPosition, canAsk, ask],
  );
}
