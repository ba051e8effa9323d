import { useEffect, useState } from 'react';
import { useMap } from 'react-leaflet';
import { useDocumentTheme } from '@/hooks/use-document-theme';
import { useLocale } from '@/lib/i18n/use-t';
import { importWithRetry } from '@/lib/device/import-with-retry';
import { savedPackFile, useMapPack } from '../map-pack';
import type { PackCoverage } from './pack-layer';

const sameCoverage = (a: PackCoverage | null, b: PackCoverage | null) =>
  a === b || (a !== null && b !== null && a.minZoom === b.minZoom && a.box.every((edge, index) => edge === b.box[index]));

/**
 * Draws the map pack saved on this device over the tile server's tiles, in the theme's style, and
 * says where it draws (null while none is drawn) so the tile server is not asked for those tiles.
 * A pack that cannot be read leaves the map to the tile server, as without a pack.
 */
export function useSavedPackLayer(): PackCoverage | null {
  const map = useMap();
  const theme = useDocumentTheme();
  const lang = useLocale();
  const used = useMapPack();
  const version = used?.state.saved?.version ?? null;
  const attribution = used?.pack.attribution ?? '';
  // Which version the coverage is of: a pack deleted or replaced stops counting at once.
  const [drawn, setDrawn] = useState<{ version: string; coverage: PackCoverage } | null>(null);

  useEffect(() => {
    if (version === null) return;
    let stopped = false;
    let drawn: { remove(): void } | null = null;
    const draw = async () => {
      const file = await savedPackFile(version);
      if (file === null || stopped) return;
      const { packLayer } = await importWithRetry(() => import('./pack-layer'));
      const made = await packLayer({ file, version, theme, lang, attribution });
      if (stopped) return;
      drawn = made.layer.addTo(map);
      setDrawn((before) => (before?.version === version && sameCoverage(before.coverage, made.coverage) ? before : { version, coverage: made.coverage }));
    };
    draw().catch((error: unknown) => {
      console.warn('The saved map could not be drawn', error);
      if (!stopped) setDrawn(null);
    });
    return () => {
      stopped = true;
      drawn?.remove();
    };
  }, [map, version, theme, lang, attribution]);

  return drawn !== null && drawn.version === version ? drawn.coverage : null;
}
