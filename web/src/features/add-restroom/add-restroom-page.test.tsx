import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlaceDetails } from '@allstall/shared';
import { NetworkError, type ApiClient } from '@/lib/api/api-client';
import { activateLocale } from '@/lib/i18n/i18n';
import { makePlace, makeRestroom, makeUser } from '@/test/fixtures';
import { renderRoute } from '@/test/render-route';
import { fakeApiClient, testServices } from '@/test/services';

const walker = makePlace({ place_id: 'osm:W123', at: { lat: 44.968, lng: -93.289 } });
const walkerHours = [
  { day: 1, open: 900, close: 1700 },
  { day: 6, open: 1000, close: 1500 },
];

const offline = () => Promise.reject(new NetworkError(new TypeError('offline')));

async function renderAdd(api: Partial<ApiClient>, entry: Parameters<typeof renderRoute>[0] = '/addbathroom', user = makeUser()) {
  // Sending never gets through in these tests: what matters is what was queued.
  const services = testServices(fakeApiClient({ sendWrite: offline, autocomplete: async () => [], ...api }));
  const { router } = await renderRoute(entry, { services, user });
  await screen.findByRole('heading', { level: 1, name: 'Add a bathroom' });
  return { services, user, router };
}

const searchBox = () => screen.getByRole('combobox', { name: 'Address or place name' }) as HTMLInputElement;

function search(text: string) {
  fireEvent.change(searchBox(), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Search address' }));
}

const dialog = () => screen.getByRole('dialog', { name: 'Add more info here:' });
const inDialog = () => within(dialog());
const textbox = (name: string) => inDialog().getByRole('textbox', { name }) as HTMLInputElement;
/** What a screen reader reads after a field's name: the elements its aria-describedby points to. */
const descriptionOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id !== '')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');
/** One choice of a Yes / No / Not sure (or 'Who may use it?') group in the dialog. */
const radio = (group: string, name: string) => within(inDialog().getByRole('group', { name: group })).getByRole('radio', { name }) as HTMLInputElement;
const choicesOf = (group: string) => within(inDialog().getByRole('group', { name: group })).getAllByRole('radio').map((r) => r.closest('label')?.textContent);
const AMENITY_GROUPS = ['Gender-neutral', 'Wheelchair accessible', 'Changing table', 'Single stall', 'Menstrual products'];

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('AddRestroomPage', () => {
  it('asks a guest to log in, and Cancel goes back to the list', async () => {
    const { router } = await renderRoute('/addbathroom');
    expect(await screen.findByRole('dialog', { name: 'Hey, stranger.' })).toBeTruthy();
    expect(screen.getByText('Come here often? Log in to add a bathroom!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bathrooms'));
  });

  it('finds a new place, fills the dialog from it and queues exactly one new restroom', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const geocode = vi.fn(async () => [walker]);
    const placeDetails = vi.fn(async (): Promise<PlaceDetails> => ({ place: walker, hours: walkerHours, existing: null }));
    const { services, user, router } = await renderAdd({ geocode, placeDetails });
    expect(screen.getByText('Start typing an address to begin.')).toBeTruthy();
    expect(searchBox().placeholder).toBe('Start typing an address or place name...');
    // The first screen leaves the field alone: no keyboard pops up before the person asks for it.
    expect(document.activeElement).not.toBe(searchBox());

    // Once something is typed, 'Start typing' has done its job: the hint says what comes next.
    fireEvent.change(searchBox(), { target: { value: '725 Vine' } });
    expect(screen.queryByText('Start typing an address to begin.')).toBeNull();
    expect(screen.getByText('When the address is complete, press "Search address", or pick a suggestion.')).toBeTruthy();
    fireEvent.change(searchBox(), { target: { value: '' } });
    expect(screen.getByText('Start typing an address to begin.')).toBeTruthy();

    search('  725 Vineland Place ');
    expect(await screen.findByRole('heading', { name: 'Is this the right address?' })).toBeTruthy();
    expect(geocode).toHaveBeenCalledWith('725 Vineland Place', expect.anything());
    expect(placeDetails).toHaveBeenCalledWith('osm:W123', expect.anything());
    expect(screen.getByText('Walker Art Center')).toBeTruthy();
    expect(screen.getByText('725 Vineland Place, Minneapolis, MN 55403')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Review bathroom info' }));
    // Focus on the dialog's title, not on Name: a phone's keyboard would cover the form unasked.
    expect(document.activeElement).toBe(inDialog().getByRole('heading', { name: 'Add more info here:' }));
    expect(document.activeElement).not.toBe(textbox('Name'));
    expect(dialog().contains(document.activeElement)).toBe(true);
    expect(textbox('Name').value).toBe('Walker Art Center');
    expect(textbox('Address').value).toBe('725 Vineland Place, Minneapolis, MN 55403');
    expect(textbox('Name').getAttribute('aria-required')).toBe('true');
    // OpenStreetMap's hours, ready to check: Monday 9 to 5, Saturday 10 to 3, the rest closed.
    expect((inDialog().getByRole('checkbox', { name: 'Hours unknown' }) as HTMLInputElement).checked).toBe(false);
    expect((inDialog().getByLabelText('Monday opens') as HTMLInputElement).value).toBe('09:00');
    expect((inDialog().getByLabelText('Monday closes') as HTMLInputElement).value).toBe('17:00');
    expect((inDialog().getByRole('combobox', { name: 'Sunday' }) as HTMLSelectElement).value).toBe('closed');
    // Nobody has said yet: every amenity and who may use it start at 'Not sure'.
    for (const group of AMENITY_GROUPS) {
      expect(choicesOf(group)).toEqual(['Yes', 'No', 'Not sure']);
      expect(radio(group, 'Not sure').checked).toBe(true);
    }
    expect(choicesOf('Who may use it?')).toEqual(['Open to the public', 'Customers only', 'Ask for a key', 'Not sure']);
    expect(radio('Who may use it?', 'Not sure').checked).toBe(true);
    expect(choicesOf('Free to use')).toEqual(['Yes', 'No', 'Not sure']);
    expect(radio('Free to use', 'Not sure').checked).toBe(true);
    expect(inDialog().getByRole('button', { name: 'Cancel' })).toBeTruthy();
    // Which box everyone reads and which only admins do, in the label and read out with each field.
    expect(descriptionOf(textbox('Comment (public)'))).toBe('Shown to everyone with the bathroom, as your first comment.');
    expect(descriptionOf(textbox('Any other information that admin should know?'))).toBe('Only admins see this.');

    fireEvent.click(radio('Gender-neutral', 'Yes'));
    fireEvent.click(radio('Changing table', 'No'));
    fireEvent.click(radio('Wheelchair accessible', 'Yes'));
    fireEvent.click(radio('Wheelchair accessible', 'Not sure'));
    fireEvent.click(radio('Menstrual products', 'Yes'));
    fireEvent.click(radio('Who may use it?', 'Customers only'));
    fireEvent.click(radio('Free to use', 'Yes'));
    fireEvent.change(textbox('Comment (public)'), { target: { value: ' Ask at the front desk. ' } });
    fireEvent.change(textbox('Any other information that admin should know?'), { target: { value: 'I work here.' } });
    fireEvent.change(inDialog().getByLabelText('Monday closes'), { target: { value: '18:30' } });
    fireEvent.click(inDialog().getByRole('button', { name: 'Submit bathroom' }));

    const thanks = await screen.findByRole('alertdialog', { name: 'Thank you!' });
    expect(thanks.textContent).toContain('Bathroom received!');
    expect(within(thanks).getByText('An admin will review it before it appears for everyone.')).toBeTruthy();
    expect(thanks.textContent).toContain("It will be sent automatically when you're back online.");
    expect(router.state.location.pathname).toBe('/bathrooms');
    const rows = await services.db.outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'restroom', userId: user.id });
    // The place's id and position, the answers given (null for 'Not sure', `access` and never
    // `is_public`), trimmed comments and the edited hours.
    expect(rows[0]!.body).toEqual({
      bathroomToAdd: {
        placeID: 'osm:W123',
        name: 'Walker Art Center',
        formatted_address: '725 Vineland Place, Minneapolis, MN 55403',
        unisex: true,
        accessible: null,
        changing_table: false,
        single_stall: null,
        menstrual_products: true,
        access: 'customers',
        fee: 'free',
        latitude: 44.968,
        longitude: -93.289,
        comment: 'Ask at the front desk.',
        commentForAdmin: 'I work here.',
      },
      bathroomHours: [
        { day: 1, open: 900, close: 1830 },
        { day: 6, open: 1000, close: 1500 },
      ],
    });
    expect((rows[0]!.body as { bathroomToAdd: object }).bathroomToAdd).not.toHaveProperty('is_public');
  });

  it("says an existing place is already in there and offers its page instead", async () => {
    const existing = makeRestroom({ name: 'Walker Art Center', street: '725 Vineland Place' });
    const { services } = await renderAdd({
      geocode: async () => [walker],
      placeDetails: async () => ({ place: walker, hours: null, existing }),
    });
    search('Walker Art Center');

    expect(await screen.findByRole('heading', { name: 'Do you mean:' })).toBeTruthy();
    expect(screen.getByText('725 Vineland Place')).toBeTruthy();
    expect(screen.getByText("Looks like that one's already in there!")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Leave a Review instead' }).getAttribute('href')).toBe(`/bathrooms/${existing.id}`);
    expect(screen.queryByRole('button', { name: 'Review bathroom info' })).toBeNull();
    expect(await services.db.outbox.count()).toBe(0);
  });

  it('does nothing for an empty search', async () => {
    const geocode = vi.fn(async () => [walker]);
    await renderAdd({ geocode });
    const button = screen.getByRole('button', { name: 'Search address' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(searchBox(), { target: { value: '   ' } });
    expect(button.disabled).toBe(true);
    fireEvent.submit(screen.getByRole('search'));
    expect(geocode).not.toHaveBeenCalled();
    expect(screen.getByText('Start typing an address to begin.')).toBeTruthy();
  });

  it('picks a suggestion with the arrow keys and Enter, and looks up only its details', async () => {
    const autocomplete = vi.fn(async () => [walker, { ...walker, place_id: 'osm:N9', name: 'Walker Library', formatted_address: '2880 Hennepin Ave' }]);
    const geocode = vi.fn(async () => [walker]);
    const placeDetails = vi.fn(async () => ({ place: walker, hours: null, existing: null }));
    await renderAdd({ autocomplete, geocode, placeDetails });

    fireEvent.change(searchBox(), { target: { value: 'walker' } });
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Walker Art Center725 Vineland Place, Minneapolis, MN 55403',
      'Walker Library2880 Hennepin Ave',
    ]);
    expect(searchBox().getAttribute('aria-expanded')).toBe('true');
    expect(autocomplete).toHaveBeenCalledTimes(1);
    expect(autocomplete).toHaveBeenCalledWith('walker', expect.anything(), expect.anything());

    fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
    fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
    fireEvent.keyDown(searchBox(), { key: 'ArrowDown' });
    expect(searchBox().getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(searchBox(), { key: 'Enter' });

    expect(await screen.findByRole('heading', { name: 'Is this the right address?' })).toBeTruthy();
    expect(placeDetails).toHaveBeenCalledWith('osm:W123', expect.anything());
    expect(geocode).not.toHaveBeenCalled();
    expect(searchBox().value).toBe('725 Vineland Place, Minneapolis, MN 55403');
    expect(searchBox().getAttribute('aria-expanded')).toBe('false');
  });

  it('blocks Submit until Name and Address are filled in, naming each', async () => {
    await renderAdd({ geocode: offline });
    search('Somewhere');
    fireEvent.click(await screen.findByRole('button', { name: 'Add it by hand' }));

    fireEvent.click(inDialog().getByRole('button', { name: 'Submit bathroom' }));
    expect(inDialog().getByRole('alert').textContent).toBe('Name is required.');
    expect(textbox('Name').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(textbox('Name'), { target: { value: 'Corner Cafe' } });
    fireEvent.click(inDialog().getByRole('button', { name: 'Submit bathroom' }));
    expect(inDialog().getByRole('alert').textContent).toBe('Address is required.');
    expect(textbox('Address').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('offline, says looking up needs a connection and opens an empty dialog to add it by hand', async () => {
    const { services } = await renderAdd({ geocode: offline });
    search('725 Vineland Place');

    expect(await screen.findByText('Looking up an address needs a connection. You can still add the bathroom by hand.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add it by hand' }));
    expect(textbox('Name').value).toBe('');
    expect(textbox('Address').value).toBe('');
    expect((inDialog().getByRole('checkbox', { name: 'Hours unknown' }) as HTMLInputElement).checked).toBe(true);

    fireEvent.change(textbox('Name'), { target: { value: 'Corner Cafe' } });
    fireEvent.change(textbox('Address'), { target: { value: '1 Main St, Minneapolis, MN' } });
    fireEvent.click(inDialog().getByRole('button', { name: 'Submit bathroom' }));
    expect(await screen.findByRole('alertdialog', { name: 'Thank you!' })).toBeTruthy();
    const [row] = await services.db.outbox.toArray();
    expect(row?.body).toMatchObject({
      bathroomToAdd: { placeID: null, name: 'Corner Cafe', latitude: null, longitude: null },
      bathroomHours: null,
    });
  });

  it('says so when the address search is down, rather than nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderAdd({ geocode: () => Promise.reject(new Error('502')) });
    search('725 Vineland Place');
    expect(await screen.findByText(/The address search isn't working right now/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add it by hand' })).toBeTruthy();
  });

  it('takes weekly hours typed by hand: ranges, a second range, open around the clock', async () => {
    const { services } = await renderAdd({ geocode: offline });
    search('Somewhere');
    fireEvent.click(await screen.findByRole('button', { name: 'Add it by hand' }));
    fireEvent.change(textbox('Name'), { target: { value: 'Corner Cafe' } });
    fireEvent.change(textbox('Address'), { target: { value: '1 Main St' } });

    fireEvent.click(inDialog().getByRole('checkbox', { name: 'Hours unknown' }));
    // Seven closed days are alike: one 'Every day' row until the person asks for each day.
    expect(inDialog().queryByRole('combobox', { name: 'Wednesday' })).toBeNull();
    fireEvent.click(inDialog().getByRole('checkbox', { name: 'Same hours every day' }));
    expect(inDialog().queryByRole('combobox', { name: 'Every day' })).toBeNull();
    fireEvent.change(inDialog().getByRole('combobox', { name: 'Wednesday' }), { target: { value: 'open' } });
    expect((inDialog().getByLabelText('Wednesday opens') as HTMLInputElement).value).toBe('09:00');
    fireEvent.click(inDialog().getByRole('button', { name: 'Add hours on Wednesday' }));
    fireEvent.click(inDialog().getByRole('button', { name: 'Submit bathroom' }));
    expect(inDialog().getByRole('alert').textContent).toBe('Enter both times for Wednesday, or mark it closed.');
    expect(await services.db.outbox.count()).toBe(0);

    fireEvent.change(inDialog().getByLabelText('Wednesday opens, 2'), { target: { value: '18:00' } });
    fireEvent.change(inDialog().getByLabelText('Wednesday closes, 2'), { target: { value: '01:00' } });
    fireEvent.change(inDialog().getByRole('combobox', { name: 'Sunday' }), { target: { value: 'all-day' } });
    fireEvent.click(inDialog().getByRole('button', { name: 'Submit bathroom' }));

    expect(await screen.findByRole('alertdialog', { name: 'Thank you!' })).toBeTruthy();
    const [row] = await services.db.outbox.toArray();
    expect((row?.body as { bathroomHours: unknown }).bathroomHours).toEqual([
      { day: 3, open: 900, close: 1700 },
      { day: 3, open: 1800, close: 100 },
      { day: 0, open: 0, close: 0 },
    ]);
  });

  it("'Same hours every day' gives all seven days one day's hours, and turned off leaves each day to change", async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { services } = await renderAdd({ geocode: async () => [walker], placeDetails: async () => ({ place: walker, hours: walkerHours, existing: null }) });
    search('Walker Art Center');
    fireEvent.click(await screen.findByRole('button', { name: 'Review bathroom info' }));
    // OpenStreetMap's Monday and Saturday differ: the seven days show, the box unticked.
    const same = inDialog().getByRole('checkbox', { name: 'Same hours every day' }) as HTMLInputElement;
    expect(same.checked).toBe(false);
    expect(inDialog().getByRole('combobox', { name: 'Saturday' })).toBeTruthy();

    fireEvent.click(same);
    expect(same.checked).toBe(true);
    expect(inDialog().queryByRole('combobox', { name: 'Saturday' })).toBeNull();
    expect((inDialog().getByRole('combobox', { name: 'Every day' }) as HTMLSelectElement).value).toBe('open');
    expect((inDialog().getByLabelText('Every day opens') as HTMLInputElement).value).toBe('09:00');
    fireEvent.change(inDialog().getByLabelText('Every day closes'), { target: { value: '20:00' } });

    // Turned off, every day starts from those hours and one can be changed alone.
    fireEvent.click(same);
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']) {
      expect((inDialog().getByLabelText(`${day} closes`) as HTMLInputElement).value).toBe('20:00');
    }
    fireEvent.change(inDialog().getByRole('combobox', { name: 'Sunday' }), { target: { value: 'closed' } });
    // And on again: Sunday follows the rest.
    fireEvent.click(same);
    fireEvent.change(inDialog().getByRole('combobox', { name: 'Every day' }), { target: { value: 'all-day' } });
    fireEvent.change(inDialog().getByRole('combobox', { name: 'Every day' }), { target: { value: 'open' } });
    fireEvent.click(inDialog().getByRole('button', { name: 'Submit bathroom' }));

    expect(await screen.findByRole('alertdialog', { name: 'Thank you!' })).toBeTruthy();
    const [row] = await services.db.outbox.toArray();
    expect((row?.body as { bathroomHours: unknown }).bathroomHours).toEqual([1, 2, 3, 4, 5, 6, 0].map((day) => ({ day, open: 900, close: 2000 })));
  });

  it("thanks an admin without the review line: an admin's restroom is listed at once", async () => {
    await renderAdd({ geocode: offline }, '/addbathroom', makeUser({ is_admin: true }));
    search('Somewhere');
    fireEvent.click(await screen.findByRole('button', { name: 'Add it by hand' }));
    fireEvent.change(textbox('Name'), { target: { value: 'Corner Cafe' } });
    fireEvent.change(textbox('Address'), { target: { value: '1 Main St' } });
    fireEvent.click(inDialog().getByRole('button', { name: 'Submit bathroom' }));
    const thanks = await screen.findByRole('alertdialog', { name: 'Thank you!' });
    expect(thanks.textContent).toContain('Bathroom received!');
    expect(thanks.textContent).not.toContain('review');
  });

  it('keeps what was typed through a login: the dialog comes back with it', async () => {
    const { user, services } = await renderAdd({ geocode: offline });
    search('Somewhere');
    fireEvent.click(await screen.findByRole('button', { name: 'Add it by hand' }));
    fireEvent.change(textbox('Name'), { target: { value: 'Corner Cafe' } });
    fireEvent.click(radio('Single stall', 'Yes'));
    fireEvent.click(radio('Who may use it?', 'Ask for a key'));
    cleanup();

    await renderRoute('/addbathroom', { services, user });
    expect(await screen.findByRole('dialog', { name: 'Add more info here:' })).toBeTruthy();
    expect(textbox('Name').value).toBe('Corner Cafe');
    expect(radio('Single stall', 'Yes').checked).toBe(true);
    expect(radio('Who may use it?', 'Ask for a key').checked).toBe(true);
  });

  it('Cancel closes the dialog and queues nothing', async () => {
    const { services } = await renderAdd({ geocode: offline });
    search('Somewhere');
    fireEvent.click(await screen.findByRole('button', { name: 'Add it by hand' }));
    fireEvent.change(textbox('Name'), { target: { value: 'Corner Cafe' } });
    fireEvent.click(inDialog().getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add more info here:' })).toBeNull());
    expect(await services.db.outbox.count()).toBe(0);
    // Cancelled means gone: coming back does not reopen it.
    expect(sessionStorage.length).toBe(0);
  });
});

describe('adding a spot tapped on the map', () => {
  const spot = { lat: 44.9701, lng: -93.2801 };

  it('looks up the address there and keeps the tapped position', async () => {
    const reverseGeocode = vi.fn(async () => [walker]);
    const placeDetails = vi.fn(async () => ({ place: walker, hours: null, existing: null }));
    const { services } = await renderAdd({ reverseGeocode, placeDetails }, { pathname: '/addbathroom', state: { spot } });

    expect(await screen.findByRole('heading', { name: 'Is this the right address?' })).toBeTruthy();
    expect(reverseGeocode).toHaveBeenCalledWith(spot, expect.anything());
    expect(placeDetails).toHaveBeenCalledWith('osm:W123', expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Review bathroom info' }));
    fireEvent.click(inDialog().getByRole('button', { name: 'Submit bathroom' }));

    expect(await screen.findByRole('alertdialog', { name: 'Thank you!' })).toBeTruthy();
    const [row] = await services.db.outbox.toArray();
    expect(row?.body).toMatchObject({ bathroomToAdd: { name: 'Walker Art Center', latitude: spot.lat, longitude: spot.lng } });
  });

  it('offline, opens the dialog with the spot and an empty address', async () => {
    const { services } = await renderAdd({ reverseGeocode: offline }, { pathname: '/addbathroom', state: { spot } });

    expect(await screen.findByRole('dialog', { name: 'Add more info here:' })).toBeTruthy();
    expect(textbox('Address').value).toBe('');
    fireEvent.change(textbox('Name'), { target: { value: 'Park restroom' } });
    fireEvent.change(textbox('Address'), { target: { value: 'Loring Park' } });
    fireEvent.click(inDialog().getByRole('button', { name: 'Submit bathroom' }));

    expect(await screen.findByRole('alertdialog', { name: 'Thank you!' })).toBeTruthy();
    const [row] = await services.db.outbox.toArray();
    expect(row?.body).toMatchObject({ bathroomToAdd: { name: 'Park restroom', latitude: spot.lat, longitude: spot.lng, placeID: null } });
  });
});

describe('AddRestroomPage in Spanish', () => {
  afterEach(() => activateLocale('en'));

  it('asks a guest to log in in Spanish', async () => {
    await act(() => activateLocale('es'));
    await renderRoute('/addbathroom');
    expect(await screen.findByRole('dialog', { name: '¡Hola! Aún no te conocemos.' })).toBeTruthy();
    expect(screen.getByText('¿Vienes seguido? ¡Inicia sesión para añadir un baño!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toBeTruthy();
  });

  it('asks every question as Sí / No / No sé, the hours by Spanish day names, and says what blocks Submit in Spanish', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await act(() => activateLocale('es'));
    const user = makeUser();
    const services = testServices(fakeApiClient({ sendWrite: offline, autocomplete: async () => [], geocode: offline }));
    await renderRoute('/addbathroom', { services, user });
    await screen.findByRole('heading', { level: 1, name: 'Añade un baño' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Dirección o nombre del lugar' }), { target: { value: 'Algún lugar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar dirección' }));
    expect(await screen.findByText('Para buscar una dirección hace falta conexión. Aún puedes añadir el baño a mano.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Añadirlo a mano' }));

    const form = within(screen.getByRole('dialog', { name: 'Añade más datos aquí:' }));
    const choices = (group: string) => within(form.getByRole('group', { name: group })).getAllByRole('radio').map((r) => r.closest('label')?.textContent);
    for (const group of ['Para todo género', 'Accesible en silla de ruedas', 'Cambiador de pañales', 'Individual', 'Productos menstruales']) {
      expect(choices(group)).toEqual(['Sí', 'No', 'No sé']);
    }
    expect(choices('¿Quién puede usarlo?')).toEqual(['Abierto al público', 'Solo con compra', 'Pide la llave', 'No sé']);
    expect(descriptionOf(form.getByRole('textbox', { name: 'Comentario (público)' }))).toBe(
      'Se mostrará a todo el mundo junto al baño, como tu primer comentario.',
    );
    expect(descriptionOf(form.getByRole('textbox', { name: '¿Algo más que deba saber el equipo de administración?' }))).toBe(
      'Solo lo ve el equipo de administración.',
    );

    // Hours known but no day open: the editor's own check says so in Spanish.
    fireEvent.change(form.getByRole('textbox', { name: 'Nombre' }), { target: { value: 'Café de la esquina' } });
    fireEvent.change(form.getByRole('textbox', { name: 'Dirección' }), { target: { value: '1 Main St' } });
    expect(form.getByRole('group', { name: 'Horario' })).toBeTruthy();
    fireEvent.click(form.getByRole('checkbox', { name: 'No sé el horario' }));
    expect(form.getByRole('combobox', { name: 'Todos los días' })).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Enviar baño' }));
    expect(form.getByRole('alert').textContent).toBe('Elige los días que abre, o marca "No sé el horario".');

    fireEvent.change(form.getByRole('combobox', { name: 'Todos los días' }), { target: { value: 'open' } });
    fireEvent.change(form.getByLabelText('Todos los días: cierra'), { target: { value: '09:00' } });
    fireEvent.click(form.getByRole('button', { name: 'Enviar baño' }));
    expect(form.getByRole('alert').textContent).toBe('Todos los días abre y cierra a la misma hora. Elige "Abierto 24 horas".');
    expect(form.getByRole('button', { name: 'Añadir horario para todos los días' })).toBeTruthy();

    fireEvent.click(form.getByRole('checkbox', { name: 'El mismo horario todos los días' }));
    fireEvent.change(form.getByLabelText('Martes: cierra'), { target: { value: '17:00' } });
    fireEvent.change(form.getByLabelText('Lunes: cierra'), { target: { value: '09:00' } });
    fireEvent.click(form.getByRole('button', { name: 'Enviar baño' }));
    expect(form.getByRole('alert').textContent).toBe('El lunes abre y cierra a la misma hora. Elige "Abierto 24 horas".');
    expect(form.getByRole('button', { name: 'Añadir horario el lunes' })).toBeTruthy();

    fireEvent.click(form.getByRole('checkbox', { name: 'No sé el horario' }));
    fireEvent.click(form.getByRole('button', { name: 'Enviar baño' }));
    const thanks = within(await screen.findByRole('alertdialog', { name: '¡Gracias!' }));
    expect(thanks.getByText('¡Recibimos el baño!')).toBeTruthy();
    expect(thanks.getByText('Una persona de administración lo revisará antes de que aparezca para todo el mundo.')).toBeTruthy();
    expect(thanks.getByText('Ahora mismo no tienes conexión. Se enviará automáticamente cuando vuelvas a tenerla.')).toBeTruthy();
  });
});
