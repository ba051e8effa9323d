export * from './common.js';
export * from './restroom.js';
export * from './user.js';
export * from './sync.js';
export * from './config.js';
export * from './writes.js';
export * from './places.js';
export * from './imports.js';
