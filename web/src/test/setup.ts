import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { activateLocale, loadMessagePart } from '../lib/i18n/i18n';

// waitFor and findBy* give up after 1 s by default, which a busy CI machine can overrun while the
// awaited change is still on its way; they return as soon as it shows, so a long ceiling costs nothing.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => cleanup());

// Components speak the source language in tests, admin screens included, unless a test switches.
await loadMessagePart('more');
await loadMessagePart('admin');
await activateLocale('en');
