import { screen } from '@testing-library/react';
import { Link, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, stubFetch } from '#web/test/render.tsx';
import { AvailabilityPage } from './availability';

/** The address the page wrote, shown so a test can read it, and a link to another search. */
function Address() {
  const { search } = useLocation();
  return (
    <>
      <output aria-label="Address">{search}</output>
      <Link to="/availability?q=locs&zip=78704">Locs near 78704</Link>
    </>
  );
}

function renderAt(path: string) {
  const requests = stubFetch((r) =>
    r.path.startsWith('/api/last-minute-openings')
      ? { body: { success: true, openings: [], nextCursor: null } }
      : undefined,
  );
  const rendered = renderWithProviders(
    <Routes>
      <Route
        path="availability"
        element={
          <>
            <AvailabilityPage />
            <Address />
          </>
        }
      />
    </Routes>,
    { route: path },
  );
  return { ...rendered, requests };
}

describe('AvailabilityPage', () => {
  it('keeps a typed zip and words through a category or day change, and searches with them', async () => {
    const { user, requests } = renderAt('/availability');
    await user.type(screen.getByLabelText('Service'), 'braids');
    await user.type(screen.getByLabelText('Zip code'), '78701');
    await user.selectOptions(screen.getByLabelText('Category'), 'hair');

    expect(screen.getByLabelText<HTMLInputElement>('Zip code').value).toBe('78701');
    expect(screen.getByLabelText<HTMLInputElement>('Service').value).toBe('braids');
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe(
      '?q=braids&zip=78701&category=hair',
    );
    await screen.findByRole('heading', { name: 'No openings match these filters' });
    expect(requests.at(-1)?.path).toBe('/api/last-minute-openings?limit=24&q=braids&zip=78701&category=hair');
    // The select a keyboard user just changed keeps the focus.
    expect(document.activeElement).toBe(screen.getByLabelText('Category'));

    // A new zip typed, then a day: the day search is for the zip on screen.
    const zip = screen.getByLabelText('Zip code');
    await user.clear(zip);
    await user.type(zip, '90012');
    const day = screen.getByLabelText<HTMLSelectElement>('Day');
    await user.selectOptions(day, day.options[1]!.value);
    expect(screen.getByLabelText<HTMLInputElement>('Zip code').value).toBe('90012');
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe(
      `?q=braids&zip=90012&category=hair&day=${day.options[1]!.value}`,
    );

    // A link to another search puts its words and zip in the boxes.
    await user.clear(zip);
    await user.type(zip, '787');
    await user.click(screen.getByRole('link', { name: 'Locs near 78704' }));
    expect(screen.getByLabelText<HTMLInputElement>('Service').value).toBe('locs');
    expect(screen.getByLabelText<HTMLInputElement>('Zip code').value).toBe('78704');
  });

  it('lets the distance be chosen as soon as a whole zip is typed', async () => {
    const { user } = renderAt('/availability');
    const distance = screen.getByLabelText<HTMLSelectElement>('Within');
    expect(distance.disabled).toBe(true);
    await user.type(screen.getByLabelText('Zip code'), '7870');
    expect(distance.disabled).toBe(true);
    await user.type(screen.getByLabelText('Zip code'), '1');
    expect(distance.disabled).toBe(false);

    await user.selectOptions(distance, '50');
    expect(screen.getByRole('status', { name: 'Address' }).textContent).toBe('?zip=78701&radius=50');
    expect(screen.getByLabelText<HTMLInputElement>('Zip code').value).toBe('78701');
  });

  it('hints at a zip with a placeholder that does not read as one typed', () => {
    renderAt('/availability');
    expect(screen.getByLabelText('Zip code').getAttribute('placeholder')).toBe('e.g. 78701');
  });
});
