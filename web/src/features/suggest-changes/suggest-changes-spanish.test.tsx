import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { makeRestroom } from '@/test/fixtures';
import { activateLocale } from '@/lib/i18n/i18n';
import { TestProviders, testServices } from '@/test/services';
import { flagDraftOf } from './flag-draft';
import { SuggestChangesDialog } from './suggest-changes-dialog';

afterEach(async () => {
  await activateLocale('en');
});

describe('the suggest-changes dialog in Spanish', () => {
  it('has its title, its Other field, the hours box, the closed box and its button in Spanish', async () => {
    await act(() => activateLocale('es'));
    render(
      <TestProviders services={testServices()}>
        <SuggestChangesDialog value={flagDraftOf(makeRestroom({ name: 'Café' }))} onChange={() => {}} onSubmit={() => {}} onCancel={() => {}} busy={false} />
      </TestProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sugiere cambios aquí:' });
    expect(within(dialog).getByLabelText('Otro')).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'Sugerir otro horario' })).toBeTruthy();
    expect(within(dialog).getByRole('checkbox', { name: 'El lugar cerró definitivamente' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Enviar cambios' })).toBeTruthy();
  });
});
