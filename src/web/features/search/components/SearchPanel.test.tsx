import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_TEXTS } from '#domain/search-options.ts';
import { renderWithProviders, stubFetch } from '#web/test/render.tsx';
import { toSearchBody } from '../search-body';
import { parseSearchParams } from '../url-state';
import { useSearchState } from '../use-search-state';
import { SearchPanel } from './SearchPanel';

/** The home page's wiring: the panel reads and writes the URL; the test reads the URL back. */
let currentSearch = '';
function Harness({ onSearch }: { onSearch: () => void }) {
  const [state, setState] = useSearchState();
  currentSearch = useLocation().search;
  return <SearchPanel state={state} setState={setState} onSearch={onSearch} />;
}

function renderPanel(route = '/') {
  const onSearch = vi.fn();
  const rendered = renderWithProviders(<Harness onSearch={onSearch} />, { route });
  return { ...rendered, onSearch };
}

const params = () => new URLSearchParams(currentSearch);
/** The POST /api/search body the results would send for the URL as it is now. */
const searchBody = () => toSearchBody(parseSearchParams(params()));
const queryBox = () => screen.getByRole('searchbox', { name: 'Service, style or name' });
const zipBox = () => screen.getByRole('textbox', { name: 'Zip code' });
const searchButton = () => screen.getByRole('button', { name: 'Search' });

describe('SearchPanel filter rules', () => {
  it('keeps Search disabled while the query and the zip are both empty', async () => {
    const { user } = renderPanel();
    expect(searchButton()).toHaveProperty('disabled', true);
    await user.type(queryBox(), '   ');
    expect(searchButton()).toHaveProperty('disabled', true);
    await user.type(zipBox(), '7');
    expect(searchButton()).toHaveProperty('disabled', false);
  });

  it('takes only digits in the zip, at most five, and refuses a short one', async () => {
    const { user, onSearch } = renderPanel();
    await user.type(zipBox(), '78a7-0');
    expect(zipBox()).toHaveProperty('value', '7870');
    await user.click(searchButton());

    expect(screen.getByText(SEARCH_TEXTS.zipInvalid)).toBeTruthy();
    expect(zipBox().getAttribute('aria-invalid')).toBe('true');
    expect(onSearch).not.toHaveBeenCalled();
    expect(params().has('zip')).toBe(false);

    await user.type(zipBox(), '1999');
    expect(zipBox()).toHaveProperty('value', '78701');
    expect(screen.queryByText(SEARCH_TEXTS.zipInvalid)).toBeNull();
    await user.click(searchButton());
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(searchBody()).toEqual({ query: '', locationZip: '78701' });
  });

  it('moves a zip typed in the query into the zip box', async () => {
    const { user, onSearch } = renderPanel();
    await user.type(queryBox(), 'balayage 78701');
    await user.click(searchButton());

    expect(queryBox()).toHaveProperty('value', 'balayage');
    expect(zipBox()).toHaveProperty('value', '78701');
    expect(params().get('q')).toBe('balayage');
    expect(params().get('zip')).toBe('78701');
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('refuses a query over the limit with its message', async () => {
    renderPanel();
    fireEvent.change(queryBox(), { target: { value: 'x'.repeat(201) } });
    expect(screen.getByText(SEARCH_TEXTS.queryTooLong)).toBeTruthy();
    expect(searchButton()).toHaveProperty('disabled', true);
  });

  it('searches a popular category and takes it away when chosen again', async () => {
    const { user, onSearch } = renderPanel('/?zip=78701');
    const popular = screen.getByRole('group', { name: 'Popular:' });
    const hair = within(popular).getByRole('button', { name: 'Hair' });
    expect(hair.getAttribute('aria-pressed')).toBe('false');

    await user.click(hair);
    expect(hair.getAttribute('aria-pressed')).toBe('true');
    expect(queryBox()).toHaveProperty('value', 'Hair');
    expect(searchBody()).toEqual({ query: 'Hair', locationZip: '78701' });
    expect(onSearch).toHaveBeenCalledTimes(1);

    await user.click(hair);
    expect(hair.getAttribute('aria-pressed')).toBe('false');
    expect(params().has('q')).toBe(false);
    expect(params().get('zip')).toBe('78701');
  });

  it('keeps at most three experience filters, dropping the oldest, and removes one from its chip', async () => {
    const { user } = renderPanel('/?q=nails');
    await user.click(await screen.findByRole('button', { name: 'Experience' }));
    const popover = await screen.findByRole('dialog', { name: 'Experience' });
    for (const option of [
      'Silent Service Option',
      'LGBTQIA+ Friendly',
      'Parking Available',
      'Multilingual',
    ]) {
      await user.click(within(popover).getByRole('button', { name: option }));
    }
    expect(within(popover).getByText('3 of 3 chosen')).toBeTruthy();
    expect(
      within(popover).getByRole('button', { name: 'Silent Service Option' }).getAttribute('aria-pressed'),
    ).toBe('false');
    expect(searchBody().experience).toEqual(['LGBTQIA+ Friendly', 'Parking Available', 'Multilingual']);

    // A custom filter of one's own words counts as one of the three.
    await user.type(within(popover).getByLabelText('Custom filter'), 'Vegan products');
    await user.click(within(popover).getByRole('button', { name: 'Add' }));
    expect(searchBody().experience).toEqual(['Parking Available', 'Multilingual', 'Vegan products']);
    await user.click(within(popover).getByRole('button', { name: 'Done' }));

    const chosen = screen.getByRole('list', { name: 'Chosen experience filters' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Parking Available', 'Multilingual', 'Vegan products']);
    await user.click(within(chosen).getByRole('button', { name: 'Remove Multilingual' }));
    expect(params().getAll('exp')).toEqual(['Parking Available', 'Vegan products']);
  });

  it('sends a quick availability option, or the custom days and times', async () => {
    const { user } = renderPanel('/?q=nails');
    await user.click(await screen.findByRole('button', { name: 'Availability' }));
    const popover = await screen.findByRole('dialog', { name: 'When would you like an appointment?' });

    await user.click(within(popover).getByRole('button', { name: 'Weekends' }));
    expect(searchBody()).toMatchObject({
      availability: 'weekends',
      availabilityType: 'days_pattern',
      requestedDays: ['saturday', 'sunday'],
    });

    // A day chosen by hand replaces the quick option.
    await user.click(within(popover).getByRole('button', { name: 'Mon-Fri 9-5' }));
    const body = searchBody();
    expect(body).toMatchObject({
      availabilityType: 'custom_pattern',
      requestedDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
    });
    expect(body.requestedTimes?.[0]).toBe('09:00');
    expect(body.requestedTimes?.at(-1)).toBe('16:00');
    expect(within(popover).getByRole('button', { name: 'Weekends' }).getAttribute('aria-pressed')).toBe(
      'false',
    );

    await user.click(within(popover).getByRole('button', { name: 'Clear All' }));
    expect(searchBody()).toEqual({ query: 'nails', locationZip: '' });
  });

  it('sends a price range only when it differs from the full range', async () => {
    renderPanel('/?q=nails');
    const min = await screen.findByRole('slider', { name: 'Minimum price' });
    fireEvent.change(min, { target: { value: '50' } });
    expect(screen.getByText('$50 - $500+')).toBeTruthy();
    await waitFor(() => expect(params().get('price')).toBe('50-500'));
    expect(searchBody().priceRange).toEqual([50, 500]);

    fireEvent.change(min, { target: { value: '15' } });
    await waitFor(() => expect(params().has('price')).toBe(false));
    expect(searchBody()).toEqual({ query: 'nails', locationZip: '' });
  });
});

describe('SearchPanel zip box, radius and filters alone', () => {
  it('keeps Search disabled with only filters chosen (they search by themselves)', async () => {
    renderPanel('/?exp=Wheelchair+Accessible&price=15-100');
    expect(searchButton()).toHaveProperty('disabled', true);
    expect(searchBody()).toMatchObject({ query: '', locationZip: '', priceRange: [15, 100] });
  });

  it('keeps the zip of a pasted address, or the digits of other text', async () => {
    const { user } = renderPanel();
    await user.click(zipBox());
    await user.paste('Austin, TX 78704');
    expect(zipBox()).toHaveProperty('value', '78704');

    await user.clear(zipBox());
    await user.paste('Zip: 78704-1234');
    expect(zipBox()).toHaveProperty('value', '78704');

    await user.clear(zipBox());
    await user.paste('7a8 7');
    expect(zipBox()).toHaveProperty('value', '787');
    await user.paste('0412345');
    expect(zipBox()).toHaveProperty('value', '78704');
  });

  it('puts the radius beside the zip box in the URL and sends it as radiusMiles', async () => {
    const { user } = renderPanel('/?q=balayage&zip=78704');
    const radius = screen.getByRole('combobox', { name: 'Search radius' });
    expect(radius).toHaveProperty('value', '25');
    expect(
      within(radius)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Within 5 mi', 'Within 10 mi', 'Within 25 mi', 'Within 50 mi']);
    await user.selectOptions(radius, '10');
    expect(params().get('radius')).toBe('10');
    expect(searchBody()).toEqual({ query: 'balayage', locationZip: '78704', radiusMiles: 10 });
    await user.selectOptions(radius, '25');
    expect(params().has('radius')).toBe(false);
  });

  it('has a minimum rating filter beside availability and experience', async () => {
    const { user } = renderPanel();
    const rating = await screen.findByRole('combobox', { name: 'Rating' });
    await user.selectOptions(rating, '4');
    expect(params().get('rating')).toBe('4');
    expect(searchBody()).toEqual({ query: '', locationZip: '', minRating: 4 });
  });
});

describe("SearchPanel 'Use my location'", () => {
  type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
  type Failure = (error: { code: number; message: string }) => void;
  const getCurrentPosition = vi.fn<(ok: Success, fail: Failure, options?: unknown) => void>();

  function stubGeolocation() {
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: { getCurrentPosition },
    });
  }
  afterEach(() => {
    getCurrentPosition.mockReset();
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  const locateButton = () => screen.getByRole('button', { name: SEARCH_TEXTS.useMyLocation });
  /** The line beside the button (the price slider's <output> is a status too). */
  const status = () => locateButton().parentElement!.querySelector<HTMLElement>('[role="status"]')!;

  it('asks for the position only when pressed, fills the zip from the nearest one and searches', async () => {
    stubGeolocation();
    let answer: Success | undefined;
    getCurrentPosition.mockImplementation((ok) => {
      answer = ok;
    });
    const requests = stubFetch((r) =>
      r.path.startsWith('/api/zips/nearest')
        ? { body: { success: true, zip: '78704', place: 'Austin, TX', distance_miles: 0.8 } }
        : undefined,
    );
    const { user, onSearch } = renderPanel('/?q=balayage');
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(status().textContent).toBe('');

    await user.click(locateButton());
    await waitFor(() => expect(getCurrentPosition).toHaveBeenCalledTimes(1));
    expect(status().textContent).toBe(SEARCH_TEXTS.locating);
    expect(zipBox().getAttribute('aria-describedby')).toBe(status().id);
    // Pressing again while it works asks nothing more.
    await user.click(locateButton());
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);

    answer?.({ coords: { latitude: 30.2500001, longitude: -97.7499999 } });
    // The zip box and the URL update in separate commits (the router navigates in a transition).
    await waitFor(() => {
      expect(zipBox()).toHaveProperty('value', '78704');
      expect(params().get('zip')).toBe('78704');
    });
    expect(requests.map((r) => r.path)).toEqual(['/api/zips/nearest?latitude=30.25&longitude=-97.75']);
    expect(params().get('q')).toBe('balayage');
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(status().textContent).toBe('Using 78704, Austin, TX');
    expect(document.activeElement).toBe(locateButton());
  });

  it('says so in one line when the permission is denied, and sends nothing', async () => {
    stubGeolocation();
    getCurrentPosition.mockImplementation((_, fail) => fail({ code: 1, message: 'User denied Geolocation' }));
    const requests = stubFetch(() => undefined);
    const { user, onSearch } = renderPanel();
    await user.click(locateButton());
    await waitFor(() => expect(status().textContent).toBe(SEARCH_TEXTS.locationDenied));
    expect(zipBox().getAttribute('aria-describedby')).toBe(status().id);
    expect(document.activeElement).toBe(locateButton());
    expect(requests).toEqual([]);
    expect(onSearch).not.toHaveBeenCalled();
    // Typing a zip clears the message.
    await user.type(zipBox(), '7');
    expect(status().textContent).toBe('');
  });

  it('says the position is unavailable on a timeout, and passes on the server’s 404', async () => {
    stubGeolocation();
    getCurrentPosition.mockImplementationOnce((_, fail) => fail({ code: 3, message: 'Timeout expired' }));
    stubFetch(() => ({
      status: 404,
      body: { success: false, error: 'NOT_FOUND', message: SEARCH_TEXTS.noZipNearby },
    }));
    const { user } = renderPanel();
    await user.click(locateButton());
    await waitFor(() => expect(status().textContent).toBe(SEARCH_TEXTS.locationUnavailable));

    getCurrentPosition.mockImplementationOnce((ok) => ok({ coords: { latitude: 0.5, longitude: -30 } }));
    await user.click(locateButton());
    await waitFor(() => expect(status().textContent).toBe(SEARCH_TEXTS.noZipNearby));
    expect(zipBox()).toHaveProperty('value', '');
  });

  it('says the position is unavailable in a browser without geolocation', async () => {
    const { user } = renderPanel();
    await user.click(locateButton());
    await waitFor(() => expect(status().textContent).toBe(SEARCH_TEXTS.locationUnavailable));
  });
});
