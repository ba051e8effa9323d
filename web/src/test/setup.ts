import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// waitFor and findBy* give up after 1 s by default, which a busy CI machine can overrun while the
// awaited change is still on its way; they return as soon as it shows, so a long ceiling costs nothing.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => cleanup());
