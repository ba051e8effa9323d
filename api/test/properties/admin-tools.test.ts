import { usePlacesApp } from '../support/places-app.js';
import { useSeededWorld } from './seeded-world.js';
import { geocodeBatch, hoursRange, importBatch } from './valid-bodies.js';
import { describeWriteProperties } from './write-property.js';

// The tools ask the geocoder and Overpass: here the fakes, never a real service.
const places = usePlacesApp('photon');
const world = useSeededWorld(() => places().testApp);

describeWriteProperties('the /api tools and the importer’s writes, with random and malformed input', world, [
  [{ method: 'POST', path: '/api/admin/tools/geocode', by: 'admin', body: geocodeBatch }, 150],
  [{ method: 'POST', path: '/api/admin/tools/hours', by: 'admin', body: hoursRange }, 150],
  [{ method: 'POST', path: '/api/admin/import', by: 'admin', body: importBatch }, 150],
]);
