import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, i18n } from '@/lib/i18n/i18n';
import { DeviceStorage } from './device-storage';

/*
 * The drawer's line on what the device holds. jsdom has no StorageManager: each test gives the page a
 * small fake one, as a browser would have, or none at all.
 */

function fakeStorage(state: { usage: number; kept: boolean }) {
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: async () => ({ usage: state.usage, quota: 5e9 }), persisted: async () => state.kept },
  });
  return state;
}

/** The line, once it reads `text` whole (the hint is an element of its own inside it). */
const findLine = (text: string | RegExp) =>
  screen.findByText((_, element) => element?.className === 'device-storage' && (typeof text === 'string' ? element.textContent === text : text.test(element.textContent ?? '')));

const renderLine = (open = true) => render(<DeviceStorage open={open} />, { wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider> });

afterEach(async () => {
  Reflect.deleteProperty(navigator, 'storage');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await act(() => activateLocale('en'));
});

describe('the drawer’s line on what this device holds', () => {
  it('says how much is saved and that the browser keeps it', async () => {
    fakeStorage({ usage: 12_345_678, kept: true });
    renderLine();
    expect(await findLine('Saved on this device: 12.3 MB · kept')).toBeTruthy();
  });

  it('says it may be cleared when the browser has not agreed to keep it, with one hint', async () => {
    fakeStorage({ usage: 2_600_000, kept: false });
    renderLine();
    expect(await findLine('Saved on this device: 2.6 MB · may be cleared when space runs low Install the app to keep it.')).toBeTruthy();
  });

  it('gives no hint to install the app inside the installed app', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(display-mode: standalone)' }));
    fakeStorage({ usage: 2_600_000, kept: false });
    renderLine();
    expect(await findLine('Saved on this device: 2.6 MB · may be cleared when space runs low')).toBeTruthy();
  });

  it('speaks Spanish, with the size written as Spanish writes numbers', async () => {
    await act(() => activateLocale('es'));
    fakeStorage({ usage: 12_345_678, kept: true });
    const { unmount } = renderLine();
    expect(await findLine('Datos guardados en este dispositivo: 12,3 MB · se conservan')).toBeTruthy();
    unmount();
    fakeStorage({ usage: 2_600_000, kept: false });
    renderLine();
    expect(await findLine('Datos guardados en este dispositivo: 2,6 MB · pueden borrarse si falta espacio Instala la app para conservarlos.')).toBeTruthy();
  });

  it('is read afresh each time the drawer opens', async () => {
    const state = fakeStorage({ usage: 340_000, kept: false });
    const { rerender } = renderLine();
    await findLine(/^Saved on this device: 340 kB · may be cleared/);
    rerender(<DeviceStorage open={false} />);
    // The first sync ends and the browser agrees to keep it, while the drawer is closed.
    state.usage = 48_200_000;
    state.kept = true;
    rerender(<DeviceStorage open />);
    expect(await findLine('Saved on this device: 48.2 MB · kept')).toBeTruthy();
  });

  it('shows nothing, and fails nothing, in a browser without the StorageManager or one that cannot tell', async () => {
    const errors = vi.spyOn(console, 'error');
    expect('storage' in navigator).toBe(false);
    const { container, unmount } = renderLine();
    await act(() => Promise.resolve());
    expect(container.innerHTML).toBe('');
    unmount();

    const failing = Promise.reject(new Error('SecurityError'));
    Object.defineProperty(navigator, 'storage', { configurable: true, value: { estimate: () => failing } });
    const second = renderLine();
    await act(() => failing.catch(() => undefined));
    expect(second.container.innerHTML).toBe('');
    expect(errors).not.toHaveBeenCalled();
  });
});
