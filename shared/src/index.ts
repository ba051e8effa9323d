export * from './schemas/index.js';
export * from './region.js';
export * from './restrooms/visibility.js';
export * from './geo/distance.js';
export * from './hours/open-now.js';
export * from './hours/format.js';
export * from './dates/format.js';
export * from './validation/password.js';
