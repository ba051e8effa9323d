import { afterEach, describe, expect, it } from 'vitest';
import { hoursRangeProblem, importProblem, type ImportRow, type WriteProblem } from '@allstall/shared';
import { activateLocale } from '@/lib/i18n/i18n';
import { serverMessage } from '@/lib/i18n/server-message';
import { makeImportReviewRow } from './import-test-rows';
import { importRowOf } from './import-rows';

/*
 * The problems shared code finds in an import or an hours range carry a code and values; the admin
 * catalogs say them by that code (`server.<code>`), so the English must be the shared English, word
 * for word, and the Spanish must fill in the same values.
 */

const row = (overrides: Partial<ImportRow>): ImportRow => importRowOf(makeImportReviewRow({ source_id: '101', ...overrides }));

const problems: ReadonlyArray<[string, WriteProblem | null, string]> = [
  ['a source id of the other source', importProblem({ source: 'refuge', rows: [row({ source_id: 'node/1' })] }), 'El campo rows.0.source_id debe ser un id de Refuge Restrooms (su edit_id).'],
  ['an element that is not OpenStreetMap’s', importProblem({ source: 'osm', rows: [row({})] }), 'El campo rows.0.source_id debe ser un elemento de OpenStreetMap como node/123.'],
  ['the same listing twice', importProblem({ source: 'refuge', rows: [row({}), row({})] }), '101 aparece dos veces en la importación.'],
  ['a blank name', importProblem({ source: 'refuge', rows: [row({ name: ' \u200B ' })] }), 'El campo rows.0.name debe tener algo que leer, no solo espacios o marcas invisibles.'],
  ['an unreadable date', importProblem({ source: 'refuge', rows: [row({ created_at: '2016-12-31T23:59:60Z' })] }), 'El campo rows.0.created_at debe ser una fecha y hora como 2019-06-14T17:20:31Z.'],
  ['a range that ends first', hoursRangeProblem({ minId: 'b', maxId: 'a' }), 'El id máximo no puede ir antes que el id mínimo.'],
];

afterEach(async () => {
  await activateLocale('en');
});

describe('import and hours-range problems said by their code', () => {
  it.each(problems)('say %s in the shared English words', (_what, problem) => {
    expect(problem?.code).toBeDefined();
    expect(serverMessage(problem!)).toBe(problem!.message);
  });

  it.each(problems)('say %s in Spanish with its values', async (_what, problem, spanish) => {
    await activateLocale('es');
    expect(serverMessage(problem!)).toBe(spanish);
  });
});
