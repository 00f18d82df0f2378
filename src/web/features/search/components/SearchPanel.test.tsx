import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_TEXTS } from '#domain/search-options.ts';
import { renderWithProviders } from '#web/test/render.tsx';
import { toSearchBody } from '../filter-rules';
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
