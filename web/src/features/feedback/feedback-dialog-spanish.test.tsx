import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { activateLocale } from '@/lib/i18n/i18n';
import { TestProviders, testServices } from '@/test/services';
import type { FeedbackDraft } from './feedback-draft';
import { FeedbackDialog } from './feedback-dialog';

afterEach(async () => {
  await activateLocale('en');
});

describe('the feedback dialog in Spanish', () => {
  it('asks for the experience, the thumbs and the comment in Spanish', async () => {
    await act(() => activateLocale('es'));
    let draft: FeedbackDraft = { thumb: null, comment: '' };
    render(
      <TestProviders services={testServices()}>
        <FeedbackDialog value={draft} onChange={(next) => (draft = next)} onSubmit={() => {}} onCancel={() => {}} busy={false} />
      </TestProviders>,
    );
    const dialog = await screen.findByRole('dialog', { name: '¿Qué tal te fue?' });
    const rating = within(within(dialog).getByRole('group', { name: 'Tu valoración' }));
    fireEvent.click(rating.getByRole('button', { name: 'Pulgar arriba' }));
    expect(draft.thumb).toBe('up');
    expect(rating.getByRole('button', { name: 'Pulgar abajo' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Deja un comentario:')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Enviar' })).toBeTruthy();
  });
});
