import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { activateLocale } from '../lib/i18n/i18n';
import { lazyScreen, ScreenLoading } from './lazy-screen';
import { ScreenErrorBoundary } from './screen-error-boundary';

function Broken(): never {
  throw new Error('a bug in a screen');
}

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => activateLocale('en'));
});

describe('what the main area says instead of a screen, in Spanish', () => {
  it('says a screen failed, and how to go on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(() => activateLocale('es'));
    render(
      <ScreenErrorBoundary resetKey="first">
        <Broken />
      </ScreenErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: '¡Uy! Algo salió mal.' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Vuelve a cargar la página para intentarlo de nuevo.');
  });

  it('says Cargando… while a screen’s code arrives, and that it could not load when it never does', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await act(() => activateLocale('es'));
    const Unreachable = lazyScreen<object>(() => Promise.reject(new Error('no signal')));
    render(<ScreenLoading />);
    expect(screen.getByText('Cargando…')).toBeTruthy();
    render(
      <Suspense fallback={null}>
        <Unreachable />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'No se pudo cargar esta página' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('La lista de baños funciona sin ella.');
  });
});
