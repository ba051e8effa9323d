import { afterEach, describe, expect, it } from 'vitest';
import { createDb } from '../lib/db';
import { activateLocale, activeIntlLocale, t } from '../lib/i18n/i18n';
import { rememberLanguageForWorker } from '../lib/worker-language';
import { speakPageLanguage } from './worker-language';

let dbCount = 0;
const freshDb = () => createDb(`worker-language-${++dbCount}`);

afterEach(async () => {
  await activateLocale('en');
});

describe('the service worker’s words', () => {
  it('are in the language the page last spoke on this device, whatever the browser prefers', async () => {
    const db = freshDb();
    await rememberLanguageForWorker(db, 'es');
    expect(await speakPageLanguage(db, ['en-US'])).toBe('es');
    expect(t('syncStatus.offline')).toBe('Sin conexión — se muestran los baños guardados en este dispositivo');

    // The person switched back to English in a tab: the worker's next run follows.
    await rememberLanguageForWorker(db, 'en');
    expect(await speakPageLanguage(db, ['es-MX'])).toBe('en');
    expect(t('syncStatus.offline')).toBe('Offline — showing restrooms saved on this device');
  });

  it('follow the browser’s languages before any page has spoken, formatting as its region does', async () => {
    expect(await speakPageLanguage(freshDb(), ['es-MX', 'en-US'])).toBe('es');
    expect(t('dialog.confirmTitle')).toBe('¿Lo confirmas?');
    expect(activeIntlLocale()).toBe('es-MX');
    expect(await speakPageLanguage(freshDb(), ['fr-FR'])).toBe('en');
    expect(t('dialog.confirmTitle')).toBe('Are you sure?');
  });
});
