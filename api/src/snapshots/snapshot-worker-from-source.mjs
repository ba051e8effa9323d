// The snapshot worker's entry when the api runs from its TypeScript sources (vitest, `tsx watch`):
// a worker thread does not inherit the loader that compiles TypeScript, so this plain-JavaScript file
// registers tsx in the thread and then loads the real entry. From api/dist the compiled
// snapshot-worker.js is started directly and this file is not used (see buildSnapshotInWorker).
import { register } from 'tsx/esm/api';

register();
await import('./snapshot-worker.ts');
