import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { AccessValue, FeeValue } from '@allstall/shared';
import { makeRestroom } from '../test/fixtures';
import { TestProviders, testServices } from '../test/services';
import { AccessWords, AmenityGlance, AmenityIcons, AmenityLines } from './amenities';
import { RestroomCard } from './restroom-card';

/** Gender-neutral yes, Changing table no, Wheelchair accessible and Single stall unknown, Menstrual products no; customers only, paid. */
const mixed = makeRestroom({
  name: 'Cafe Q',
  unisex: true,
  changing_table: false,
  accessible: null,
  is_single_stall: null,
  menstrual_products: false,
  access: 'customers',
  fee: 'paid',
});

/** The state a mark shows: the struck-through line for no, the "?" for unknown, neither for yes. */
function shownState(mark: Element): 'yes' | 'no' | 'unknown' | 'both' {
  const struck = mark.querySelector('.amenity-mark__strike') !== null;
  const asked = [...mark.querySelectorAll('.amenity-mark__unknown')].some((badge) => badge.textContent === '?');
  if (struck && asked) return 'both';
  return struck ? 'no' : asked ? 'unknown' : 'yes';
}

describe('AmenityIcons', () => {
  it('shows yes, no and unknown each as its own icon state, announced by name and value', () => {
    render(<AmenityIcons restroom={mixed} />);
    const icons = within(screen.getByRole('list', { name: 'Amenities' }));
    const yes = icons.getByRole('img', { name: 'Gender-neutral: yes' });
    const no = icons.getByRole('img', { name: 'Changing table: no' });
    const unknown = icons.getByRole('img', { name: 'Wheelchair accessible: unknown' });
    expect(icons.getByRole('img', { name: 'Single stall: unknown' })).toBeTruthy();
    expect([yes, no, unknown].map(shownState)).toEqual(['yes', 'no', 'unknown']);
    // Colour is not the only difference, but the three do differ in styling hooks as well.
    expect(new Set([yes, no, unknown].map((mark) => mark.className)).size).toBe(3);
    // The row has no room for menstrual products; the detail says them.
    expect(icons.getAllByRole('img')).toHaveLength(4);
  });
});

describe('AmenityGlance', () => {
  it('says every amenity with its value in one phrase, and shows the same states silently', () => {
    const { container } = render(<AmenityGlance restroom={mixed} />);
    const said = screen.getByText('Gender-neutral: yes, Changing table: no, Wheelchair accessible: unknown, Single stall: unknown');
    expect(said.className).toBe('sr-only');
    const marks = [...container.querySelectorAll('.amenity-mark')];
    expect(marks.map(shownState)).toEqual(['yes', 'no', 'unknown', 'unknown']);
    expect(marks.every((mark) => mark.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(screen.queryAllByRole('img')).toEqual([]);
  });
});

describe('AmenityLines', () => {
  const lineTexts = () => within(screen.getByRole('list', { name: 'Amenities' })).getAllByRole('listitem').map((li) => li.querySelector('.amenity-line__text')!.textContent);

  it('reads one line per amenity, menstrual products included, who may use it and whether it is free, in the product words', () => {
    render(<AmenityLines restroom={mixed} />);
    expect(lineTexts()).toEqual([
      'Customers only',
      'Paid',
      'Gender-neutral: yes',
      'Changing table: no',
      'Wheelchair accessible: unknown',
      'Single stall: unknown',
      'Menstrual products: no',
    ]);
    const items = within(screen.getByRole('list', { name: 'Amenities' })).getAllByRole('listitem');
    expect(items.map((item) => shownState(item.querySelector('.amenity-mark')!))).toEqual(['yes', 'no', 'yes', 'no', 'unknown', 'unknown', 'no']);
    // Without a callback there is nothing to offer.
    expect(screen.queryByRole('button', { name: 'Know this? Tell us' })).toBeNull();
  });

  it.each<[AccessValue, string]>([
    ['public', 'Open to the public'],
    ['customers', 'Customers only'],
    ['key', 'Ask for a key'],
    [null, 'Who may use it: unknown'],
  ])('says who may use it when access is %s', (access, words) => {
    render(<AmenityLines restroom={{ ...mixed, access }} />);
    expect(lineTexts()[0]).toBe(words);
  });

  it.each<[FeeValue | undefined, string, string]>([
    ['free', 'Free', 'yes'],
    ['paid', 'Paid', 'no'],
    [null, 'Free to use: unknown', 'unknown'],
    // A copy kept on the device from before fee existed.
    [undefined, 'Free to use: unknown', 'unknown'],
  ])('says whether it is free when the fee is %s, free as a yes and paid as a no', (fee, words, state) => {
    render(<AmenityLines restroom={{ ...mixed, fee: fee as FeeValue }} />);
    const line = within(screen.getByRole('list', { name: 'Amenities' })).getAllByRole('listitem')[1]!;
    expect(line.querySelector('.amenity-line__text')!.textContent).toBe(words);
    expect(shownState(line.querySelector('.amenity-mark')!)).toBe(state);
  });

  it('says unknown for a copy kept on the device from before access existed', () => {
    render(<AccessWords access={undefined} />);
    expect(screen.getByText('Who may use it: unknown')).toBeTruthy();
  });

  it("offers 'Know this? Tell us' only on unknown lines, and hands back that line's field", () => {
    const onTellUs = vi.fn();
    render(<AmenityLines restroom={{ ...mixed, access: null, fee: null }} onTellUs={onTellUs} />);
    const items = within(screen.getByRole('list', { name: 'Amenities' })).getAllByRole('listitem');
    const offered = items.filter((item) => within(item).queryByRole('button', { name: 'Know this? Tell us' }) !== null);
    const unknownLines = ['Who may use it: unknown', 'Free to use: unknown', 'Wheelchair accessible: unknown', 'Single stall: unknown'];
    expect(offered.map((item) => item.querySelector('.amenity-line__text')!.textContent)).toEqual(unknownLines);

    const buttons = screen.getAllByRole('button', { name: 'Know this? Tell us' });
    // Each button is described by its line, so a screen reader can tell them apart.
    expect(buttons.map((button) => document.getElementById(button.getAttribute('aria-describedby')!)!.textContent)).toEqual(unknownLines);
    fireEvent.click(buttons[2]!);
    expect(onTellUs).toHaveBeenLastCalledWith('accessible');
    fireEvent.click(buttons[0]!);
    expect(onTellUs).toHaveBeenLastCalledWith('access');
    fireEvent.click(buttons[1]!);
    expect(onTellUs).toHaveBeenLastCalledWith('fee');
    fireEvent.click(buttons[3]!);
    expect(onTellUs).toHaveBeenLastCalledWith('is_single_stall');
    expect(onTellUs).toHaveBeenCalledTimes(4);
  });

  it('offers nothing when everything is known', () => {
    render(
      <AmenityLines
        restroom={makeRestroom({ unisex: false, accessible: true, changing_table: true, is_single_stall: false, menstrual_products: true, access: 'key', fee: 'free' })}
        onTellUs={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Know this? Tell us' })).toBeNull();
    expect(lineTexts()).toContain('Gender-neutral: no');
  });
});

describe('RestroomCard', () => {
  function renderCard(access: AccessValue, layout: 'list' | 'map', unisex: boolean | null = true, fee: FeeValue = 'paid') {
    return render(
      <MemoryRouter>
        <TestProviders services={testServices()}>
          <RestroomCard restroom={{ ...mixed, access, unisex, fee, distance: 0.3 }} directionsFrom={null} timeZone="America/Chicago" units="mi" layout={layout} />
        </TestProviders>
      </MemoryRouter>,
    );
  }
  const card = () => within(screen.getByRole('article', { name: 'Cafe Q' }));

  it.each<[AccessValue, string]>([
    ['public', 'Open to the public'],
    ['customers', 'Customers only'],
    ['key', 'Ask for a key'],
  ])('says who may use it (%s) on a collapsed list row and in the map window alike', (access, words) => {
    const list = renderCard(access, 'list');
    expect(card().getByRole('button', { name: 'Details for Cafe Q' }).getAttribute('aria-expanded')).toBe('false');
    expect(card().getByText(words)).toBeTruthy();
    list.unmount();
    renderCard(access, 'map');
    expect(card().getByText(words)).toBeTruthy();
    // The words replaced the old 'public' icon: the map window's icons are the four amenities only.
    expect(card().getAllByRole('img', { name: /: (yes|no|unknown)$/ })).toHaveLength(4);
    expect(card().queryByRole('img', { name: /public/i })).toBeNull();
  });

  it('keeps an unknown "who may use it" off the collapsed row and says it quietly once expanded', () => {
    const list = renderCard(null, 'list');
    expect(card().queryByText('Who may use it: unknown')).toBeNull();
    fireEvent.click(card().getByRole('button', { name: 'Details for Cafe Q' }));
    const said = card().getByText('Who may use it: unknown');
    expect(said.closest('.restroom-card__body')).not.toBeNull();
    expect(said.className).toContain('restroom-card__access-unknown');
    list.unmount();
    // The map window opens expanded, so it is there at once.
    renderCard(null, 'map');
    expect(card().getByText('Who may use it: unknown')).toBeTruthy();
  });

  it("says 'Not gender-neutral' in words on a row and in a map window, only for a known no", () => {
    const list = renderCard('public', 'list', false);
    expect(card().getByText('Not gender-neutral')).toBeTruthy();
    list.unmount();
    const map = renderCard('public', 'map', false);
    expect(card().getByText('Not gender-neutral')).toBeTruthy();
    map.unmount();
    const unknown = renderCard('public', 'list', null);
    expect(card().queryByText('Not gender-neutral')).toBeNull();
    unknown.unmount();
    renderCard('public', 'list', true);
    expect(card().queryByText('Not gender-neutral')).toBeNull();
  });

  it.each<[FeeValue, string]>([
    ['free', 'Free'],
    ['paid', 'Paid'],
  ])('says a known fee (%s) on the collapsed row and in the map window', (fee, words) => {
    const list = renderCard('public', 'list', true, fee);
    expect(card().getByRole('button', { name: 'Details for Cafe Q' }).getAttribute('aria-expanded')).toBe('false');
    expect(card().getByText(words).closest('.restroom-card__meta')).not.toBeNull();
    expect(card().queryByText('Free to use: unknown')).toBeNull();
    list.unmount();
    renderCard('public', 'map', true, fee);
    expect(card().getByText(words)).toBeTruthy();
  });

  it('keeps an unknown fee off the collapsed row, saying neither Free nor Paid, and says it quietly once expanded', () => {
    renderCard('customers', 'list', true, null);
    expect(card().queryByText('Free')).toBeNull();
    expect(card().queryByText('Paid')).toBeNull();
    expect(card().queryByText('Free to use: unknown')).toBeNull();
    // Customers only is known: the row says it, so nobody walks to a door that will not open.
    expect(card().getByText('Customers only').closest('.restroom-card__meta')).not.toBeNull();
    fireEvent.click(card().getByRole('button', { name: 'Details for Cafe Q' }));
    const said = card().getByText('Free to use: unknown');
    expect(said.closest('.restroom-card__body')).not.toBeNull();
    expect(said.className).toContain('restroom-card__fee-unknown');
  });
});
