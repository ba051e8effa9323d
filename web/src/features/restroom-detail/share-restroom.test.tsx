import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { makeRestroom } from '@/test/fixtures';
import { activateLocale } from '@/lib/i18n/i18n';
import { testServices, TestProviders } from '@/test/services';
import { ShareRestroom } from './share-restroom';

const restroom = makeRestroom({ name: 'Central Library', street: '300 Nicollet Mall', city: 'Minneapolis', state: 'MN', country: 'US' });
const link = `${window.location.origin}/bathrooms/${restroom.id}`;

function renderShare() {
  return render(
    <TestProviders services={testServices()}>
      <ShareRestroom restroom={restroom} />
    </TestProviders>,
  );
}

/** Gives the page's navigator a share sheet or a clipboard for one test. */
function stubNavigator(key: 'share' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, key, { value, configurable: true, writable: true });
}

afterEach(async () => {
  Reflect.deleteProperty(navigator, 'share');
  Reflect.deleteProperty(navigator, 'clipboard');
  await act(() => activateLocale('en'));
});

describe('ShareRestroom', () => {
  it('hands the share sheet the name, a line with name and address, and the restroom’s link', async () => {
    const share = vi.fn(() => Promise.resolve());
    stubNavigator('share', share);
    renderShare();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(share).toHaveBeenCalledTimes(1));
    expect(share).toHaveBeenCalledWith({ title: 'Central Library', text: 'Restroom: Central Library, 300 Nicollet Mall, Minneapolis, MN', url: link });
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('says nothing when the person cancels the share sheet', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator('share', () => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    stubNavigator('clipboard', { writeText });
    renderShare();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await act(() => Promise.resolve());
    expect(screen.getByRole('status').textContent).toBe('');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('without a share sheet, copies the link and says so', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator('clipboard', { writeText });
    renderShare();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Link copied'));
    expect(writeText).toHaveBeenCalledWith(link);
  });

  it('when copying is refused, says so and shows the link to copy by hand', async () => {
    stubNavigator('clipboard', { writeText: () => Promise.reject(new DOMException('Denied', 'NotAllowedError')) });
    renderShare();
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Could not copy the link. Copy it from here:'));
    expect(screen.getByText(link)).toBeTruthy();
  });

  it('speaks Spanish', async () => {
    await act(() => activateLocale('es'));
    const share = vi.fn(() => Promise.resolve());
    stubNavigator('share', share);
    const { unmount } = renderShare();
    fireEvent.click(screen.getByRole('button', { name: 'Compartir' }));
    await waitFor(() => expect(share).toHaveBeenCalledWith(expect.objectContaining({ text: 'Baño: Central Library, 300 Nicollet Mall, Minneapolis, MN' })));
    unmount();
    Reflect.deleteProperty(navigator, 'share');
    stubNavigator('clipboard', { writeText: () => Promise.resolve() });
    renderShare();
    fireEvent.click(screen.getByRole('button', { name: 'Copiar enlace' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Enlace copiado'));
  });
});
