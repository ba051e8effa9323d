import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AddressSearch } from '../address-search';
import { useClientConfig } from '@/hooks/use-client-config';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { FilterChips } from './filter-chips';
import { FiltersDialogLoader, preloadFiltersDialog } from './filters-dialog-loader';
import { activeFilterKeys, NO_FILTERS } from './bathrooms-filters';
import { BathroomsResults, NoMatch } from './bathrooms-results';
import { SavedCount } from './saved-count';
import { LocateButton, LocationMessages } from './location-control';
import { useFilteredRestrooms } from './use-filtered-restrooms';
import { useBathroomsFilters } from './use-bathrooms-filters';
import { useBathroomsView } from './use-bathrooms-view';
import { useListOrigin, type ListOrigin } from './use-list-origin';
import { useNearerUnsaved } from './use-nearer-unsaved';
import { useRestroomList } from './use-restroom-list';
import { useNearbyFirst } from './use-nearby-first';
import { parseVisitParameters } from './visit-parameters';
import { afterFirstRows } from '@/lib/device/first-rows';
import { restroomPath } from '@/lib/links/app-paths';
import { useT, type Translate } from '@/lib/i18n/use-t';

/** /bathrooms: restrooms nearest first, straight from the device's mirror, as a map or a list. */
export function BathroomsPage() {
  const t = useT();
  useDocumentTitle(t('list.heading'));
  const navigate = useNavigate();
  const place = useListOrigin();
  const { list: restrooms, fromServer } = useNearbyFirst(place.origin, useRestroomList(place.origin));
  const { region } = useClientConfig();
  const { key: visitKey, search } = useLocation();
  // Each arrival by a link is a visit of its own, even at the same address (visit-parameters.ts): the
  // location's key is what tells two arrivals apart.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const visit = useMemo(() => parseVisitParameters(search), [visitKey, search]);
  const [view, setView] = useBathroomsView(visit);
  const [filters, setFilters] = useBathroomsFilters(visit);
  const shown = useFilteredRestrooms(restrooms, filters);
  const [choosingFilters, setChoosingFilters] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const activeCount = activeFilterKeys(filters).length;
  const nearerUnsaved = useNearerUnsaved(restrooms);
  const originName = region.listOriginName;
  // A failure here is said when the dialog is asked for (FiltersUnavailable), not before.
  useEffect(() => void afterFirstRows(preloadFiltersDialog).catch(() => undefined), []);

  // The map fills the screen below the top bar, with the controls floating over it on a phone
  // (docs/product-rules.md#views); without restrooms there is no map, and the page reads as a page.
  const mapShown = view === 'map' && restrooms !== undefined && restrooms.length > 0;

  return (
    <section className={`page bathrooms-page${mapShown ? ' bathrooms-page--map' : ''}`}>
      {/* data-map-overlay: a map popup opens clear of what floats over the map (popup-clearance.ts). */}
      <div className="bathrooms-page__intro" data-map-overlay>
        <h1>{t('list.heading')}</h1>
        {/* Polite: a screen reader hears that the list was re-sorted when the origin moves, and when nearer restrooms may be missing. */}
        <p className="bathrooms-page__origin" aria-live="polite">
          {originLine(t, place, originName)}
          {nearerUnsaved && ` ${t('list.nearerUnsaved')}`}
        </p>
        <SavedCount stored={fromServer ? undefined : restrooms?.length} fromServer={fromServer} />
      </div>
      <div className="home-controls" data-map-overlay>
        {/* The switch shares the search's row: on a 320 px phone, in Spanish, three buttons need two rows anyway. */}
        <div className="home-controls__search-row">
          <AddressSearch
            value={place.searched?.text ?? ''}
            epoch={place.epoch}
            near={place.origin}
            restrooms={restrooms ?? []}
            lookup={place.lookup}
            onPickPlace={place.choosePlace}
            onPickRestroom={(restroom) => navigate(restroomPath(restroom.id))}
            onLookUp={place.lookup.lookUp}
            onClear={place.clearSearch}
          />
          {/* Named for the view it switches to, as the spec words it. */}
          <button type="button" className="button button--secondary button--small home-controls__switch" onClick={() => setView(view === 'map' ? 'list' : 'map')}>
            {t(view === 'map' ? 'list.listView' : 'list.mapView')}
          </button>
        </div>
        <div className="home-controls__buttons">
          {place.location.canAsk && place.source !== 'position' && (
            <LocateButton asking={place.location.asking} onLocate={place.locateMe} />
          )}
          <button
            ref={filtersButton}
            type="button"
            className="button button--secondary button--small"
            aria-haspopup="dialog"
            onClick={() => setChoosingFilters(true)}
          >
            {activeCount > 0 ? t('list.filtersCount', { n: activeCount }) : t('list.filters')}
          </button>
        </div>
        <LocationMessages
          asking={place.location.asking}
          problem={place.source === 'default' ? place.location.problem : null}
          fallback={originName}
        />
        <FilterChips filters={filters} onChange={setFilters} returnFocusTo={() => filtersButton.current} />
        {mapShown && shown?.length === 0 && <NoMatch onClearFilters={() => setFilters(NO_FILTERS)} />}
      </div>
      <BathroomsResults
        view={view}
        restrooms={restrooms}
        shown={shown}
        place={place}
        onClearFilters={() => setFilters(NO_FILTERS)}
      />
      {choosingFilters && (
        <FiltersDialogLoader
          filters={filters}
          onApply={(chosen) => {
            setFilters(chosen);
            setChoosingFilters(false);
          }}
          onCancel={() => setChoosingFilters(false)}
        />
      )}
    </section>
  );
}

/** "Closest to you first.", or to the searched place, or to the region's default point. */
function originLine(t: Translate, place: ListOrigin, originName: string): string {
  if (place.searched) return t('list.closestTo', { origin: place.searched.label });
  return place.source === 'position' ? t('list.closestToYou') : t('list.closestTo', { origin: originName });
}
