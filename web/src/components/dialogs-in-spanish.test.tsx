import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { activateLocale } from '../lib/i18n/i18n';
import { DialogProvider, useAlert, useConfirm } from './dialog-provider';

function Asker() {
  const confirm = useConfirm();
  const alert = useAlert();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button type="button" onClick={() => void confirm().then((yes) => setAnswer(String(yes)))}>
        Borrar
      </button>
      <button type="button" onClick={() => void alert({ icon: 'success', title: '¡Gracias!', text: 'Mensaje recibido.' })}>
        Avisar
      </button>
      <p>Respuesta: {answer}</p>
    </>
  );
}

afterEach(async () => {
  await act(() => activateLocale('en'));
});

describe('the dialogs’ own words in Spanish', () => {
  it('asks without gendering the reader, offers Cancelar first, and answers true only for the confirm button', async () => {
    await act(() => activateLocale('es'));
    render(
      <DialogProvider>
        <Asker />
      </DialogProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Borrar' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Lo confirmas?' });
    expect(dialog.textContent).toContain('¡No podrás deshacerlo!');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('Respuesta: false')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Borrar' }));
    fireEvent.click(screen.getByRole('button', { name: '¡Sí, al inodoro!' }));
    expect(await screen.findByText('Respuesta: true')).toBeTruthy();
  });

  it('closes an alert with Aceptar', async () => {
    await act(() => activateLocale('es'));
    render(
      <DialogProvider>
        <Asker />
      </DialogProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Avisar' }));
    screen.getByRole('alertdialog', { name: '¡Gracias!' });
    fireEvent.click(screen.getByRole('button', { name: 'Aceptar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('changes language while a confirmation is open', async () => {
    render(
      <DialogProvider>
        <Asker />
      </DialogProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Borrar' }));
    expect(screen.getByRole('alertdialog', { name: 'Are you sure?' })).toBeTruthy();
    await act(() => activateLocale('es'));
    expect(screen.getByRole('alertdialog', { name: '¿Lo confirmas?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });
});
