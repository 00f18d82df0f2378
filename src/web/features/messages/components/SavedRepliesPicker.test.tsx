import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SavedReply } from '#domain/messages.ts';
import { MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { PICKER_EMPTY_HINT, SavedRepliesPicker } from './SavedRepliesPicker';

const REPLIES: SavedReply[] = [
  { id: 'r1', title: 'Prices', body: 'A cut is $60.', created_at: '2026-12-01T10:00:00.000Z' },
  {
    id: 'r2',
    title: 'Parking',
    body: 'Free parking behind the salon.',
    created_at: '2026-12-01T11:00:00.000Z',
  },
  {
    id: 'r3',
    title: 'Cancellations',
    body: '24 hours notice, please.',
    created_at: '2026-12-01T12:00:00.000Z',
  },
];

function renderPicker(replies: SavedReply[]) {
  const requests = stubFetch((r) =>
    r.path === '/api/saved-replies' ? { body: { success: true, replies } } : undefined,
  );
  signInForTest({ id: 'provider-1', user_type: 'provider', name: 'Maya Chen' });
  const onInsert = vi.fn();
  const rendered = renderWithProviders(<SavedRepliesPicker onInsert={onInsert} />);
  return { ...rendered, onInsert, requests };
}

const trigger = () => screen.getByRole('button', { name: MESSAGE_TEXTS.insertSavedReply });

describe('SavedRepliesPicker', () => {
  it('lists the saved replies by title; choosing one inserts its text and closes', async () => {
    const { user, onInsert, requests } = renderPicker(REPLIES);
    await user.click(trigger());
    const menu = await screen.findByRole('menu', { name: MESSAGE_TEXTS.savedRepliesTitle });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map(
          (item) =>
            item.getAttribute('aria-labelledby') &&
            document.getElementById(item.getAttribute('aria-labelledby') ?? '')?.textContent,
        ),
    ).toEqual(['Prices', 'Parking', 'Cancellations']);
    expect(
      within(menu).getByRole('menuitem', { name: 'Prices' }).getAttribute('aria-describedby'),
    ).toBeTruthy();
    await user.click(within(menu).getByRole('menuitem', { name: 'Parking' }));
    expect(onInsert).toHaveBeenCalledWith('Free parking behind the salon.');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/saved-replies']);
  });

  it('moves with the arrow keys, inserts with Enter, and Escape closes it with focus back on the button', async () => {
    const { user, onInsert } = renderPicker(REPLIES);
    trigger().focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(items[2]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items[2]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(trigger());
    expect(onInsert).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onInsert).toHaveBeenCalledWith('Free parking behind the salon.');
  });

  it('without saved replies, points to where they are added', async () => {
    const { user, onInsert } = renderPicker([]);
    await user.click(trigger());
    expect(await screen.findByText(PICKER_EMPTY_HINT)).toBeTruthy();
    expect(PICKER_EMPTY_HINT).toContain(`'${MESSAGE_TEXTS.savedRepliesTitle}'`);
    expect(screen.queryByRole('menuitem')).toBeNull();
    expect(onInsert).not.toHaveBeenCalled();
  });
});
