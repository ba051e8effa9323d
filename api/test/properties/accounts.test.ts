import { useTestApp } from '../support/helpers.js';
import { useSeededWorld } from './seeded-world.js';
import { credentials, registration } from './valid-bodies.js';
import { describeWriteProperties } from './write-property.js';

// Fewer requests than elsewhere: each login or sign-up that gets past the checks costs an argon2 hash.
const testApp = useTestApp();
const world = useSeededWorld(testApp);

describeWriteProperties('sign-up, login and logout, with random and malformed input', world, [
  [{ method: 'POST', path: '/api/user/register', by: 'anyone', body: registration }, 100],
  [{ method: 'POST', path: '/api/user/login', by: 'anyone', body: credentials }, 100],
  [{ method: 'POST', path: '/api/user/logout', by: 'anyone' }, 150],
]);
