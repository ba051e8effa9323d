import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { manualClock } from '@/test/clock';
import { TestProviders, testServices } from '@/test/services';
import { useNow } from './use-now';

function Minute() {
  return <p>{useNow().toISOString()}</p>;
}

describe('the page minute', () => {
  it("is read from the services' clock and ticks when that clock passes the next minute", async () => {
    const time = manualClock(Date.parse('2026-03-01T09:59:30Z'));
    render(
      <TestProviders services={{ ...testServices(), clock: time.clock }}>
        <Minute />
      </TestProviders>,
    );
    expect(await screen.findByText('2026-03-01T09:59:30.000Z')).toBeTruthy();

    act(() => {
      time.advance(29_000);
      time.fireDue();
    });
    expect(screen.getByText('2026-03-01T09:59:30.000Z')).toBeTruthy();

    act(() => {
      time.advance(1_000);
      time.fireDue();
    });
    expect(screen.getByText('2026-03-01T10:00:00.000Z')).toBeTruthy();
  });
});
