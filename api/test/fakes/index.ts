/*
 * Fake Photon, Nominatim, Overpass and Refuge Restrooms servers on 127.0.0.1 for the api tests and the web e2e tests:
 *
 *   const photon = await startFakePhoton();       // knows MINNEAPOLIS_PLACES
 *   const overpass = await startFakeOverpass();   // or ([...MINNEAPOLIS_PLACES, ...MINNEAPOLIS_TOILETS])
 *   const refuge = await startFakeRefuge();       // knows REFUGE_LISTINGS; refuge.edit(4101, {name})
 *   // start the app with GEOCODER=photon GEOCODER_URL=photon.url OVERPASS_URL=overpass.url
 *   //   REFUGE_API_URL=refuge.url
 *   photon.fail('hang');                          // or 'error' (500), 'close', 'malformed'
 *   photon.recover();
 *   photon.requestsTo('/api').length;             // what reached it
 *   await photon.stop();
 */
export * from './fake-service.js';
export * from './fake-photon.js';
export * from './fake-nominatim.js';
export * from './fake-overpass.js';
export * from './fake-overpass-bulk.js';
export * from './fake-refuge.js';
export * from './minneapolis-places.js';
export * from './minneapolis-toilets.js';
