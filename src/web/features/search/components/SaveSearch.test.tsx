import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  alertSwitchLabel,
  REDUCED_ONLY_TEXTS,
  SAVED_SEARCH_TEXTS,
  type SavedSearch,
} from '#domain/saved-searches.ts';
import { closeAuthDialog, useAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { clearPendingAction, peekPendingAction, savePendingAction } from '#web/lib/pending-action.ts';
import { clearSession } from '#web/lib/session.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { savedSearchPath } from '../saved-search-url';
import { parseSearchParams } from '../url-state';
import { SavedSearchesSection } from './SavedSearchesSection';
import { SummaryBanner } from './SummaryBanner';

let dialogThen: unknown;
let dialogNotice = '';
function DialogProbe() {
  const state = useAuthDialog();
  dialogThen = state.afterLogin;
  dialogNotice = state.notice;
  return null;
}

afterEach(() => {
  act(() => {
    clearSession();
    closeAuthDialog();
  });
  clearPendingAction();
});

const banner = (url: string) => (
  <SummaryBanner
    state={parseSearchParams(new URLSearchParams(url))}
    reply={undefined}
    onSort={() => {}}
    onClear={() => {}}
  />
);

describe("'Save this search' in the results banner", () => {
  it('sends a visitor to the login wall with the save to do afterwards', async () => {
    const { user } = renderWithProviders(
      <>
        {banner('q=balayage&zip=78704')}
        <DialogProbe />
      </>,
    );
    await user.click(screen.getByRole('button', { name: SAVED_SEARCH_TEXTS.saveThisSearch }));
    expect(dialogThen).toEqual({ kind: 'save-search', providerId: 'search' });
    expect(dialogNotice).toBe(SAVED_SEARCH_TEXTS.loginToSave);
  });

  it("opens the dialog once signed in, and saves the page's search with the name given", async () => {
    const requests = stubFetch((r) => {
      if (r.path === '/api/saved-searches' && r.method === 'POST')
        return { body: { success: true, message: SAVED_SEARCH_TEXTS.saved, savedSearch: {} } };
      return undefined;
    });
    savePendingAction({ kind: 'save-search', providerId: 'search' });
    signInForTest();
    const { user } = renderWithProviders(banner('q=balayage&zip=78704&price=15-200&when=weekends&radius=10'));
    const dialog = await screen.findByRole('dialog', { name: SAVED_SEARCH_TEXTS.saveTitle });
    expect(peekPendingAction()).toBeNull();
    const name = within(dialog).getByLabelText(/Name/);
    expect((name as HTMLInputElement).value).toBe('balayage near 78704');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    expect(await within(dialog).findByText(SAVED_SEARCH_TEXTS.nameRequired)).toBeTruthy();
    expect(requests).toHaveLength(0);
    await user.type(name, 'Weekend balayage');
    await user.click(within(dialog).getByRole('checkbox', { name: REDUCED_ONLY_TEXTS.label }));
    await user.click(within(dialog).getByRole('button', { name: 'Save search' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]!.body).toEqual({
      name: 'Weekend balayage',
      alert: true,
      reduced_only: true,
      search: {
        query: 'balayage',
        locationZip: '78704',
        priceRange: [15, 200],
        availability: 'weekends',
        availabilityType: 'days_pattern',
        requestedDays: ['saturday', 'sunday'],
        radiusMiles: 10,
      },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

const SAVED: SavedSearch = {
  id: '0f3a7b1e-3c2d-4a5b-8c6d-7e8f9a0b1c2d',
  name: 'Weekend balayage',
  alert: true,
  created_at: '2026-11-26T12:00:00.000Z',
  search: {
    query: 'balayage',
    locationZip: '78704',
    priceRange: [15, 200],
    availability: 'weekends',
    availabilityType: 'days_pattern',
    requestedDays: ['saturday', 'sunday'],
    requestedTimes: [],
    experience: [],
    radiusMiles: 10,
    sort: 'relevance',
    minRating: 0,
  },
};

describe('Saved searches on the account page', () => {
  it('runs, switches the alert (by its accessible label), renames and deletes', async () => {
    let list = [SAVED];
    const requests = stubFetch((r) => {
      if (r.path === '/api/saved-searches/settings') return { body: { success: true, dailyCap: 3 } };
      if (r.path === '/api/saved-searches' && r.method === 'GET')
        return { body: { success: true, savedSearches: list, max: 20 } };
      if (r.path === `/api/saved-searches/${SAVED.id}/alert`) {
        list = [{ ...SAVED, alert: (r.body as { alert: boolean }).alert }];
        return { body: { success: true, message: SAVED_SEARCH_TEXTS.alertOff, savedSearch: list[0] } };
      }
      if (r.path === `/api/saved-searches/${SAVED.id}` && r.method === 'PUT') {
        list = [{ ...list[0]!, name: (r.body as { name: string }).name }];
        return { body: { success: true, message: SAVED_SEARCH_TEXTS.renamed, savedSearch: list[0] } };
      }
      if (r.path === `/api/saved-searches/${SAVED.id}` && r.method === 'DELETE') {
        list = [];
        return { body: { success: true, message: SAVED_SEARCH_TEXTS.deleted } };
      }
      return undefined;
    });
    signInForTest();
    const { user } = renderWithProviders(<SavedSearchesSection userId="u1" />);

    const run = await screen.findByRole('link', { name: 'Run “Weekend balayage”' });
    expect(run.getAttribute('href')).toBe(savedSearchPath(SAVED.search));
    expect(run.getAttribute('href')).toBe('/?q=balayage&zip=78704&radius=10&price=15-200&when=weekends');

    const alert = screen.getByRole('switch', { name: alertSwitchLabel('Weekend balayage') });
    expect(alert.getAttribute('aria-checked')).toBe('true');
    await user.click(alert);
    await waitFor(() => expect(alert.getAttribute('aria-checked')).toBe('false'));
    expect(requests.find((r) => r.path.endsWith('/alert'))?.body).toEqual({ alert: false });

    await user.click(screen.getByRole('button', { name: 'Rename “Weekend balayage”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename saved search' });
    const name = within(dialog).getByLabelText(/Name/);
    await user.clear(name);
    await user.type(name, 'Saturday colour');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('Saturday colour')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete “Saturday colour”' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete saved search?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(SAVED_SEARCH_TEXTS.empty)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('deletes the alert history, leaving the saved searches', async () => {
    const requests = stubFetch((r) => {
      if (r.path === '/api/saved-searches/settings') return { body: { success: true, dailyCap: 3 } };
      if (r.path === '/api/saved-searches' && r.method === 'GET')
        return { body: { success: true, savedSearches: [SAVED], max: 20 } };
      if (r.path === '/api/saved-searches/history' && r.method === 'DELETE')
        return { body: { success: true, message: SAVED_SEARCH_TEXTS.historyDeleted } };
      return undefined;
    });
    signInForTest();
    const { user } = renderWithProviders(<SavedSearchesSection userId="u1" />);
    await screen.findByRole('link', { name: 'Run “Weekend balayage”' });
    await user.click(screen.getByRole('button', { name: SAVED_SEARCH_TEXTS.deleteHistory }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
        '/api/saved-searches/history',
      ]),
    );
    expect(screen.getByRole('link', { name: 'Run “Weekend balayage”' })).toBeTruthy();
  });
});
