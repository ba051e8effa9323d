import { useTestApp } from '../support/helpers.js';
import { useSeededWorld } from './seeded-world.js';
import { userRole } from './valid-bodies.js';
import { describeWriteProperties } from './write-property.js';

const testApp = useTestApp();
const world = useSeededWorld(testApp);

describeWriteProperties('the admin Users tab’s writes, with random and malformed input', world, [
  [{ method: 'PATCH', path: '/api/users/:id', by: 'admin', id: ['member'], body: userRole }, 150],
  [{ method: 'DELETE', path: '/api/users/:id', by: 'admin', id: ['member'] }, 150],
]);
