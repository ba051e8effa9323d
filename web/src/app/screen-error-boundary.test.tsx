import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ScreenErrorBoundary } from './screen-error-boundary';

function Broken(): never {
  throw new Error('a bug in a screen');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ScreenErrorBoundary', () => {
  it('says something went wrong instead of emptying the page, and the next navigation shows the next screen', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <ScreenErrorBoundary resetKey="first">
        <Broken />
      </ScreenErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toMatch(/Oops\.\.\. Something went wrong!/);

    rerender(
      <ScreenErrorBoundary resetKey="second">
        <h1>About</h1>
      </ScreenErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'About' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
