import { useTestApp } from '../support/helpers.js';
import { useSeededWorld } from './seeded-world.js';
import { contact, feedback, flag, newRestroom } from './valid-bodies.js';
import { describeWriteProperties } from './write-property.js';

const testApp = useTestApp();
const world = useSeededWorld(testApp);

describeWriteProperties('writes any signed-in person makes, with random and malformed input', world, [
  [{ method: 'POST', path: '/api/feedback', by: 'signed-in', body: feedback }, 150],
  [{ method: 'POST', path: '/api/flags', by: 'signed-in', body: flag }, 150],
  [{ method: 'POST', path: '/api/contact', by: 'signed-in', body: contact }, 150],
  [{ method: 'DELETE', path: '/api/comments/:id', by: 'signed-in', id: ['comment'] }, 150],
  [{ method: 'POST', path: '/api/bathrooms', by: 'signed-in', body: newRestroom }, 150],
]);
