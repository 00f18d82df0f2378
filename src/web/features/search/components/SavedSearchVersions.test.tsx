import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { VersionedSavedSearch } from '#domain/saved-search-versions.ts';
import { alertSwitchLabel, SAVED_SEARCH_TEXTS } from '#domain/saved-searches.ts';
import { VERSION_TEXTS } from '#domain/versions.ts';
import { clearSession } from '#web/lib/session.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, type SentRequest, signInForTest, stubFetch } from '#web/test/render.tsx';
import { SavedSearchesSection } from './SavedSearchesSection';

afterEach(() => {
  act(() => clearSession());
});

const LOADED: VersionedSavedSearch = {
  id: '0f3a7b1e-3c2d-4a5b-8c6d-7e8f9a0b1c2d',
  name: 'Weekend balayage',
  alert: true,
  created_at: '2026-11-26T12:00:00.000Z',
  search: {
    query: 'balayage',
    locationZip: '78704',
    availability: 'weekends',
    availabilityType: 'days_pattern',
    requestedDays: ['saturday', 'sunday'],
    requestedTimes: [],
    experience: [],
    radiusMiles: 10,
    sort: 'relevance',
    minRating: 0,
  },
  version: '"s1"',
};

const STALE = {
  status: 412,
  body: { success: false, error: 'PRECONDITION_FAILED', message: VERSION_TEXTS.savedSearchChanged },
};

/** The server: the list answers `stored`; a write naming another version than the stored one is a 412. */
function serve(state: { stored: VersionedSavedSearch }) {
  return stubFetch((r: SentRequest) => {
    if (r.path === '/api/saved-searches/settings') return { body: { success: true, dailyCap: 3 } };
    if (r.path === '/api/saved-searches' && r.method === 'GET')
      return { body: { success: true, savedSearches: [state.stored], max: 20 } };
    if (!r.path.startsWith(`/api/saved-searches/${LOADED.id}`)) return undefined;
    const ifMatch = r.headers['if-match'];
    if (ifMatch !== undefined && ifMatch !== state.stored.version) return STALE;
    if (r.method === 'PUT' && !r.path.endsWith('/alert')) {
      state.stored = { ...state.stored, name: (r.body as { name: string }).name, version: '"s3"' };
      return { body: { success: true, message: SAVED_SEARCH_TEXTS.renamed, savedSearch: state.stored } };
    }
    return undefined;
  });
}

const gets = (requests: SentRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path === '/api/saved-searches').length;

describe('Saved searches: a saved search changed in another tab or device', () => {
  it('a refused rename keeps the dialog and the name typed; Reload and the next rename is made over the latest version', async () => {
    const state = { stored: LOADED };
    const requests = serve(state);
    signInForTest();
    const { user } = renderWithProviders(
      <>
        <SavedSearchesSection userId="u1" />
        <Toaster theme="light" />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Rename “Weekend balayage”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename saved search' });
    const name = within(dialog).getByLabelText(/Name/) as HTMLInputElement;
    await user.clear(name);
    await user.type(name, 'Saturday colour');
    // Meanwhile, the alert is switched off on another device.
    state.stored = { ...LOADED, alert: false, version: '"s2"' };
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(VERSION_TEXTS.savedSearchChanged);
    expect(alert.textContent).toContain(VERSION_TEXTS.reloadHint);
    expect(name.value).toBe('Saturday colour');
    // (First in this file: sonner keeps a toast across tests, and none was ever asked for here.)
    expect(screen.queryByRole('region', { name: /^Notifications/ })).toBeNull();

    await user.click(within(alert).getByRole('button', { name: VERSION_TEXTS.reload }));
    const reloaded = await within(dialog).findByText(VERSION_TEXTS.reloadedKeepingEdits);
    await waitFor(() => expect(reloaded.closest('[tabindex="-1"]')).toBe(document.activeElement));
    expect(name.value).toBe('Saturday colour');
    // The list behind the dialog shows the switch as it now is.
    expect(
      screen
        .getByRole('switch', { name: alertSwitchLabel('Weekend balayage'), hidden: true })
        .getAttribute('aria-checked'),
    ).toBe('false');

    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename saved search' })).toBeNull());
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => r.headers['if-match'])).toEqual(['"s1"', '"s2"']);
    expect(puts[1]!.body).toEqual({ name: 'Saturday colour' });
    expect(await screen.findByText('Saturday colour')).toBeTruthy();
  });

  it('the alert switch and the delete send the loaded version; a 412 is a toast whose Reload fetches the list again', async () => {
    const state = { stored: LOADED };
    const requests = serve(state);
    signInForTest();
    const { user } = renderWithProviders(
      <>
        <SavedSearchesSection userId="u1" />
        <Toaster theme="light" />
      </>,
    );
    const toggle = await screen.findByRole('switch', { name: alertSwitchLabel('Weekend balayage') });
    // Renamed on another device since this list was loaded.
    state.stored = { ...LOADED, name: 'Sunday colour', version: '"s2"' };
    await user.click(toggle);

    const region = await screen.findByRole('region', { name: /^Notifications/ });
    expect(await within(region).findByText(VERSION_TEXTS.savedSearchChanged)).toBeTruthy();
    expect(requests.find((r) => r.path.endsWith('/alert'))?.headers['if-match']).toBe('"s1"');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    expect(gets(requests)).toBe(1);

    await user.click(within(region).getByRole('button', { name: VERSION_TEXTS.reload }));
    await waitFor(() => expect(gets(requests)).toBe(2));
    expect(await screen.findByText('Sunday colour')).toBeTruthy();

    // Changed again elsewhere; a delete from the list as loaded is refused, and the search stays.
    state.stored = { ...state.stored, alert: false, version: '"s4"' };
    await user.click(screen.getByRole('button', { name: 'Delete “Sunday colour”' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete saved search?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete saved search?' })).toBeNull());
    expect(requests.find((r) => r.method === 'DELETE')?.headers['if-match']).toBe('"s2"');
    // The refusal's toast follows the dialog's closing (on a busy machine, a moment later).
    expect(await within(region).findByText(VERSION_TEXTS.savedSearchChanged)).toBeTruthy();
    expect(screen.getByText('Sunday colour')).toBeTruthy();
  });
});
