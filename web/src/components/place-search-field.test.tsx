import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { PlaceSearchField } from './place-search-field';

const PLACES = ['Walker Art Center', 'Walker Library', 'Walker Church'];

function Harness({ onChoose, onSubmit }: { onChoose: (place: string) => void; onSubmit: () => void }) {
  const [text, setText] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <PlaceSearchField
        id="place"
        label="Place"
        placeholder="Type a place"
        value={text}
        maxLength={100}
        onChange={setText}
        options={text === '' ? [] : PLACES.filter((place) => place.toLowerCase().includes(text.toLowerCase()))}
        optionKey={(place) => place}
        renderOption={(place) => place}
        onChoose={(place) => {
          setText(place);
          onChoose(place);
        }}
      />
    </form>
  );
}

function setUp() {
  const onChoose = vi.fn();
  const onSubmit = vi.fn();
  render(<Harness onChoose={onChoose} onSubmit={onSubmit} />);
  const field = screen.getByRole('combobox', { name: 'Place' }) as HTMLInputElement;
  return { onChoose, onSubmit, field };
}

describe('PlaceSearchField', () => {
  it('opens its list as the person types and says how many suggestions there are', () => {
    const { field } = setUp();
    expect(field.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(field, { target: { value: 'walker' } });
    expect(field.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(screen.getByRole('status').textContent).toBe('3 suggestions. Use the up and down arrow keys to choose.');
  });

  it('wraps around with the arrow keys: up from the field goes to the last suggestion', () => {
    const { field } = setUp();
    fireEvent.change(field, { target: { value: 'walker' } });
    fireEvent.keyDown(field, { key: 'ArrowUp' });
    expect(field.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Walker Church' }).id);
    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-activedescendant')).toBe(screen.getByRole('option', { name: 'Walker Art Center' }).id);
  });

  it('picks a suggestion by click and closes the list', () => {
    const { field, onChoose } = setUp();
    fireEvent.change(field, { target: { value: 'lib' } });
    fireEvent.click(screen.getByRole('option', { name: 'Walker Library' }));
    expect(onChoose).toHaveBeenCalledWith('Walker Library');
    expect(field.value).toBe('Walker Library');
    expect(field.getAttribute('aria-expanded')).toBe('false');
  });

  it('Escape closes only the list; Enter with nothing highlighted submits the form', () => {
    const { field, onChoose, onSubmit } = setUp();
    fireEvent.change(field, { target: { value: 'walker' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.getAttribute('aria-expanded')).toBe('false');
    expect(field.value).toBe('walker');

    fireEvent.keyDown(field, { key: 'ArrowDown' });
    expect(field.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(field, { key: 'Escape' });
    fireEvent.submit(field.form!);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onChoose).not.toHaveBeenCalled();
  });
});
