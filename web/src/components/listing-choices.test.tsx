import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ListingChoiceValues } from './listing-choices';
import { ListingChoices } from './listing-choices';
import { ModalDialog } from './modal-dialog';

const unknownAll: ListingChoiceValues = {
  unisex: null,
  accessible: null,
  changing_table: null,
  is_single_stall: null,
  menstrual_products: null,
  access: null,
  fee: null,
};

const group = (name: string) => screen.getByRole('group', { name });
const radio = (groupName: string, name: string) => within(group(groupName)).getByRole('radio', { name }) as HTMLInputElement;

describe('ListingChoices', () => {
  it('names each group by its amenity, offers Yes, No and Not sure, and checks the value it is given', () => {
    render(<ListingChoices value={{ ...unknownAll, unisex: true, accessible: false, access: 'key' }} onChange={() => {}} />);
    for (const name of ['Gender-neutral', 'Wheelchair accessible', 'Changing table', 'Single stall', 'Menstrual products']) {
      expect(within(group(name)).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Yes', 'No', 'Not sure']);
    }
    expect(radio('Gender-neutral', 'Yes').checked).toBe(true);
    expect(radio('Wheelchair accessible', 'No').checked).toBe(true);
    expect(radio('Changing table', 'Not sure').checked).toBe(true);
    expect(radio('Who may use it?', 'Ask for a key').checked).toBe(true);
    expect(within(group('Free to use')).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Yes', 'No', 'Not sure']);
    expect(radio('Free to use', 'Not sure').checked).toBe(true);
    // Native radios sharing a name: one tab stop per group, arrow keys move within it.
    const names = new Set(within(group('Single stall')).getAllByRole('radio').map((r) => (r as HTMLInputElement).name));
    expect(names.size).toBe(1);
    expect(names.has(radio('Changing table', 'Yes').name)).toBe(false);
  });

  it("hands back the values with the one changed: null for 'Not sure', the access value for a place", () => {
    const onChange = vi.fn();
    render(<ListingChoices value={{ ...unknownAll, unisex: true }} onChange={onChange} />);
    fireEvent.click(radio('Gender-neutral', 'Not sure'));
    expect(onChange).toHaveBeenLastCalledWith({ ...unknownAll, unisex: null });
    fireEvent.click(radio('Who may use it?', 'Customers only'));
    expect(onChange).toHaveBeenLastCalledWith({ ...unknownAll, unisex: true, access: 'customers' });
  });

  it("asks 'Free to use' as Yes (free), No (paid) or Not sure (null)", () => {
    const onChange = vi.fn();
    const { rerender } = render(<ListingChoices value={unknownAll} onChange={onChange} />);
    fireEvent.click(radio('Free to use', 'Yes'));
    expect(onChange).toHaveBeenLastCalledWith({ ...unknownAll, fee: 'free' });
    fireEvent.click(radio('Free to use', 'No'));
    expect(onChange).toHaveBeenLastCalledWith({ ...unknownAll, fee: 'paid' });
    rerender(<ListingChoices value={{ ...unknownAll, fee: 'paid' }} onChange={onChange} />);
    expect(radio('Free to use', 'No').checked).toBe(true);
    fireEvent.click(radio('Free to use', 'Not sure'));
    expect(onChange).toHaveBeenLastCalledWith({ ...unknownAll, fee: null });
  });

  it('disables every choice when disabled', () => {
    render(<ListingChoices value={unknownAll} onChange={() => {}} disabled />);
    expect(screen.getAllByRole('radio').every((r) => (r as HTMLInputElement).matches(':disabled'))).toBe(true);
  });

  it("in a dialog, focuses the first choice of the field it is asked to", () => {
    render(
      <ModalDialog labelledBy="title" onCancel={() => {}}>
        <h2 id="title">Form</h2>
        <input aria-label="First field" />
        <ListingChoices value={unknownAll} onChange={() => {}} focusField="changing_table" />
      </ModalDialog>,
    );
    expect(document.activeElement).toBe(radio('Changing table', 'Yes'));
  });
});
