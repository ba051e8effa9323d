import { lazy, Suspense, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../../components/spinner';
import type { RestroomMapProps } from '../restrooms-map/restroom-map-props';

/** spec §4 and §8: loading the map is tried again up to 3 times, waiting attempt × 2^attempt ms. */
const MAP_LOAD_RETRIES = 3;

async function loadMap(): Promise<{ default: ComponentType<RestroomMapProps> }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await import('../restrooms-map/restroom-map');
    } catch (error) {
      if (attempt > MAP_LOAD_RETRIES) {
        console.warn('The map code did not load', error);
        return { default: MapUnavailable };
      }
      await new Promise((resolve) => setTimeout(resolve, attempt * 2 ** attempt));
    }
  }
}

// Leaflet is its own chunk: the list, search and filters never wait for it (spec §2's spinner meanwhile).
const RestroomMap = lazy(loadMap);

/** The map view, with "Add a bathroom here" leading to the add screen with the spot chosen. */
export function HomeMap(props: Omit<RestroomMapProps, 'onAddHere'>) {
  const navigate = useNavigate();
  return (
    <Suspense fallback={<Spinner label="Loading the map…" />}>
      <RestroomMap {...props} onAddHere={(spot) => navigate('/addbathroom', { state: { spot } })} />
    </Suspense>
  );
}

/** Said instead of a crash when the map code cannot be fetched (an update mid-way, no signal). */
function MapUnavailable() {
  return (
    <div className="notice notice--problem" role="alert">
      <h2>The map couldn't load</h2>
      <p>Check your connection and reload the page. The list view works without it.</p>
    </div>
  );
}
