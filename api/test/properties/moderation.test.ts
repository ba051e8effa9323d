import { useTestApp } from '../support/helpers.js';
import { useSeededWorld } from './seeded-world.js';
import { contactDecision, flagDecision, restroomDecision } from './valid-bodies.js';
import { describeWriteProperties } from './write-property.js';

const testApp = useTestApp();
const world = useSeededWorld(testApp);

describeWriteProperties('the admins’ decisions on flags, messages and restrooms, with random and malformed input', world, [
  [{ method: 'PATCH', path: '/api/flags/:id', by: 'admin', id: ['flag'], body: flagDecision }, 150],
  [{ method: 'PATCH', path: '/api/contact/:id', by: 'admin', id: ['contact'], body: contactDecision }, 150],
  [{ method: 'PATCH', path: '/api/bathrooms/:id', by: 'admin', id: ['restroom', 'pending'], body: restroomDecision }, 150],
  [{ method: 'DELETE', path: '/api/bathrooms/:id', by: 'admin', id: ['restroom', 'pending'] }, 150],
]);
