import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { makePlace } from '../test/fixtures';
import { AddressCombobox } from './address-combobox';
import { buildSuggestions, type Suggestion } from '../lib/search/address-suggestions';

const PLACES = [
  makePlace({ name: 'Walker Art Center', formatted_address: '725 Vineland Place' }),
  makePlace({ name: 'Walker Library', formatted_address: '2880 Hennepin Ave' }),
  makePlace({ name: 'Walker Church', formatted_address: '3104 16th Ave S' }),
];

interface HarnessProps {
  onPick: (option: Suggestion) => void;
  onSubmit: () => void;
  onCommit?: () => void;
  clearable?: boolean;
}

/** The field in a form, suggesting the places whose name holds the text, as an owner would. */
function Harness({ onPick, onSubmit, onCommit, clearable = false }: HarnessProps) {
  const [text, setText] = useState('');
  const query = text.trim().toLowerCase();
  const places = query === '' ? [] : PLACES.filter((place) => place.name.toLowerCase().includes(query));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <AddressCombobox
        label="Place"
        placeholder="Type a place"
        value={text}
        onType={setText}
        options={buildSuggestions(places, [])}
        answered
        onPick={(option) => {
          setText(option.name);
          onPick(option);
        }}
        onCommit={onCommit}
        onClear={clearable ? () => setText('') : undefined}
      />
    </form>
  );
}

function setUp(props: Partial<HarnessProps> = {}) {
  const onPick = vi.fn();
  const onSubmit = vi.fn();
  render(<Harness onPick={onPick} onSubmit={onSubmit} {...props} />);
  const field = screen.getByRole('combobox', { name: 'Place' }) as HTMLInputElement;
  const type = (text: string) => fireEvent.change(field, { target: { value: text } });
  const liveCount = () => screen.getByRole('status').textContent;
  return { onPick, onSubmit, field, type, liveCount };
}

describe('AddressCombobox', () => {
  it('opens its list as the person types and says how many suggestions there are', () => {
    const { field, type, liveCount } = setUp();
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(liveCount()).toBe('');
    type('walker');
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(field.getAttribute('aria-controls')).toBe(screen.getByRole('listbox', { name: 'Suggestions' }).id);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Walker Art Center725 Vineland Place',
      'Walker Library2880 Hennepin Ave',
      'Walker Church3104 16th Ave S',
    ]);
    expect(liveCount()).toBe('3 suggestions available.');
    type('library');
    expect(liveCount()).toBe('1 suggestion available.');
    type('museum');
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(liveCount()).toBe('No suggestions.');
  });

  it('wraps around with the arrow keys: up from the field goes to the last suggestion', () => {
    const { field, type } = setUp();
    type('walker');
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    const church = screen.getByRole('option', { name: /Walker Church/ });
    expect(field.getAttribute('aria-activedescendant')).toBe(church.id);
    expect(church.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: /Walker Art Center/ }).id);
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(field.getAttribute('aria-activedescendant')).toBe(church.id);
  });

  it('picks a suggestion by click, or by Enter on the highlighted one, and closes the list', () => {
    const { field, type, onPick, onSubmit } = setUp();
    type('lib');
    fireEvent.click(screen.getByRole('option', { name: /Walker Library/ }));
    expect(onPick).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'place', place: PLACES[1] }));
    expect(field.value).toBe('Walker Library');
    expect(field.getAttribute('aria-expanded')).toBe('false');

    type('church');
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onPick).toHaveBeenLastCalledWith(expect.objectContaining({ place: PLACES[2] }));
    expect(field.getAttribute('aria-activedescendant')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Escape closes only the list; Enter with nothing highlighted commits the text and submits the form', () => {
    const onCommit = vi.fn();
    const { field, type, onPick, onSubmit } = setUp({ onCommit });
    type('walker');
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.value).toBe('walker');

    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(field, { key: 'Escape' });
    // jsdom has no implicit submission, so the Enter that was let through is followed by hand.
    expect(fireEvent.keyDown(field, { key: 'Enter' })).toBe(true);
    fireEvent.submit(field.form!);
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onPick).not.toHaveBeenCalled();
  });

  it('commits the typed text when the field is left', () => {
    const onCommit = vi.fn();
    const { field, type } = setUp({ onCommit });
    type('walker');
    fireEvent.blur(field);
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(field.getAttribute('aria-expanded')).toBe('false');
  });

  it('offers a clear button only while there is text, which empties the field and keeps focus in it', () => {
    const { field, type } = setUp({ clearable: true });
    expect(screen.queryByRole('button', { name: 'Clear address' })).toBeNull();
    type('walker');
    field.focus();
    fireEvent.click(screen.getByRole('button', { name: 'Clear address' }));
    expect(field.value).toBe('');
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Clear address' })).toBeNull();
  });

  it('has no clear button unless the owner can clear', () => {
    const { type } = setUp();
    type('walker');
    expect(screen.queryByRole('button', { name: 'Clear address' })).toBeNull();
  });
});
