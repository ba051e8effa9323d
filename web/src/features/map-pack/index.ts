// What other features use of the map pack: the drawer's controls, the map's offer, and what the map
// needs to draw from the saved file.
export { default as MapPackControls } from './map-pack-controls';
export { default as MapPackOffer } from './map-pack-offer';
export { useMapPack,  } from './use-map-pack';
export { savedPackFile } from './pack-storage';
export { packFileSource } from './pack-file-source';
