import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { useScrollRestoration } from './use-scroll-restoration';

function Frame() {
  useScrollRestoration();
  return <Outlet />;
}

function renderPages() {
  const router = createMemoryRouter(
    [{ element: <Frame />, children: [{ path: '/list', element: <p>List</p> }, { path: '/detail', element: <p id="comments">Detail</p> }] }],
    { initialEntries: ['/list'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** The person scrolls the page to `y`. */
function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

let scrolls: Array<[number, number]>;
beforeEach(() => {
  scrolls = [];
  vi.spyOn(window, 'scrollTo').mockImplementation(((x: number, y: number) => void scrolls.push([x, y])) as typeof window.scrollTo);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('scroll restoration', () => {
  it('starts a new screen at the top, and Back returns to where the list was scrolled', async () => {
    const router = renderPages();
    scrollTo(640);

    await act(() => router.navigate('/detail'));
    expect(scrolls.at(-1)).toEqual([0, 0]);
    scrollTo(120);

    await act(() => router.navigate(-1));
    expect(scrolls.at(-1)).toEqual([0, 640]);

    await act(() => router.navigate(1));
    expect(scrolls.at(-1)).toEqual([0, 120]);
  });

  it('brings the element a #hash names into view', async () => {
    const intoView = vi.fn();
    Element.prototype.scrollIntoView = intoView;
    const router = renderPages();

    await act(() => router.navigate('/detail#comments'));
    expect(intoView.mock.contexts).toEqual([document.getElementById('comments')]);
  });
});
