import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SavedReply } from '#domain/messages.ts';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, type SentRequest, signInForTest, stubFetch } from '#web/test/render.tsx';
import { SavedRepliesButton } from './SavedRepliesButton';

beforeAll(async () => {
  await import('sonner');
});

const reply = (n: number, over: Partial<SavedReply> = {}): SavedReply => ({
  id: `r${n}`,
  title: `Reply ${n}`,
  body: `Text of reply ${n}`,
  created_at: '2026-12-01T10:00:00.000Z',
  ...over,
});

/** A small in-memory server for /api/saved-replies, as the real one answers. */
function savedRepliesServer(initial: SavedReply[]) {
  let list = [...initial];
  let next = 100;
  const requests = stubFetch((r: SentRequest) => {
    if (r.path === '/api/saved-replies' && r.method === 'GET')
      return { body: { success: true, replies: list } };
    if (r.path === '/api/saved-replies' && r.method === 'POST') {
      if (list.length >= MESSAGE_LIMITS.savedRepliesMax)
        return {
          status: 409,
          body: { success: false, error: 'CONFLICT', message: MESSAGE_TEXTS.tooManySavedReplies },
        };
      const created = reply(next++, r.body as Pick<SavedReply, 'title' | 'body'>);
      list = [...list, created];
      return { status: 201, body: { success: true, message: MESSAGE_TEXTS.savedReplyAdded, reply: created } };
    }
    const id = r.path.match(/^\/api\/saved-replies\/(.+)$/)?.[1];
    const found = list.find((x) => x.id === id);
    if (!id || !found) return undefined;
    if (r.method === 'PUT') {
      const changed = { ...found, ...(r.body as Pick<SavedReply, 'title' | 'body'>) };
      list = list.map((x) => (x.id === id ? changed : x));
      return { body: { success: true, message: MESSAGE_TEXTS.savedReplyUpdated, reply: changed } };
    }
    if (r.method === 'DELETE') {
      list = list.filter((x) => x.id !== id);
      return { body: { success: true, message: MESSAGE_TEXTS.savedReplyDeleted } };
    }
    return undefined;
  });
  return { requests, list: () => list };
}

async function openManager(initial: SavedReply[]) {
  const server = savedRepliesServer(initial);
  signInForTest({ id: 'provider-1', user_type: 'provider', name: 'Maya Chen' });
  const rendered = renderWithProviders(
    <>
      <SavedRepliesButton />
      <Toaster theme="light" />
    </>,
  );
  await rendered.user.click(screen.getByRole('button', { name: MESSAGE_TEXTS.savedRepliesTitle }));
  const dialog = await screen.findByRole('dialog', { name: MESSAGE_TEXTS.savedRepliesTitle });
  return { ...rendered, ...server, dialog };
}

const changes = (requests: SentRequest[]) => requests.filter((r) => r.method !== 'GET');

describe('SavedRepliesButton', () => {
  it('adds a saved reply, trimmed, and lists it', async () => {
    const { user, dialog, requests, list } = await openManager([]);
    expect(await within(dialog).findByText(MESSAGE_TEXTS.savedRepliesEmpty)).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Title/), '  Prices ');
    await user.type(within(dialog).getByLabelText(/^Reply/), 'A cut is $60.');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText(MESSAGE_TEXTS.savedReplyAdded)).toBeTruthy();
    const saved = await within(dialog).findByRole('list', { name: MESSAGE_TEXTS.savedRepliesTitle });
    expect(within(saved).getByRole('heading', { name: 'Prices' })).toBeTruthy();
    expect(changes(requests)).toEqual([
      expect.objectContaining({ method: 'POST', body: { title: 'Prices', body: 'A cut is $60.' } }),
    ]);
    expect(list()).toHaveLength(1);
    // The form is empty again for the next one.
    expect((within(dialog).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('');
  });

  it('refuses an empty or too long reply with the schema’s texts and sends nothing', async () => {
    const { user, dialog, requests } = await openManager([]);
    await within(dialog).findByText(MESSAGE_TEXTS.savedRepliesEmpty);
    await user.type(within(dialog).getByLabelText(/^Title/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(MESSAGE_TEXTS.savedReplyTitleRequired)).toBeTruthy();
    expect(within(dialog).getByText(MESSAGE_TEXTS.savedReplyBodyRequired)).toBeTruthy();

    await user.click(within(dialog).getByLabelText(/^Title/));
    await user.paste('t'.repeat(MESSAGE_LIMITS.savedReplyTitleMax + 1));
    await user.click(within(dialog).getByLabelText(/^Reply/));
    await user.paste('b'.repeat(MESSAGE_LIMITS.savedReplyBodyMax + 1));
    expect(within(dialog).getByText(/2,001 \/ 2,000/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await within(dialog).findByText(MESSAGE_TEXTS.savedReplyTitleTooLong)).toBeTruthy();
    expect(within(dialog).getByText(MESSAGE_TEXTS.savedReplyBodyTooLong)).toBeTruthy();
    expect(changes(requests)).toEqual([]);
  });

  it('edits one in place', async () => {
    const { user, dialog, requests, list } = await openManager([reply(1), reply(2)]);
    await user.click(await within(dialog).findByRole('button', { name: 'Edit Reply 2' }));
    const editing = within(within(dialog).getByRole('list', { name: MESSAGE_TEXTS.savedRepliesTitle }));
    const title = editing.getByLabelText(/^Title/);
    expect((title as HTMLInputElement).value).toBe('Reply 2');
    await user.clear(title);
    await user.type(title, 'Parking');
    await user.click(editing.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGE_TEXTS.savedReplyUpdated)).toBeTruthy();
    expect(await within(dialog).findByRole('heading', { name: 'Parking' })).toBeTruthy();
    expect(changes(requests)).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/api/saved-replies/r2',
        body: { title: 'Parking', body: 'Text of reply 2' },
      }),
    ]);
    expect(list().map((x) => x.title)).toEqual(['Reply 1', 'Parking']);
  });

  it('deletes one after asking, and Cancel keeps it', async () => {
    const { user, dialog, requests, list } = await openManager([reply(1), reply(2)]);
    await user.click(await within(dialog).findByRole('button', { name: 'Delete Reply 1' }));
    const confirm = await screen.findByRole('dialog', { name: "Delete 'Reply 1'?" });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: "Delete 'Reply 1'?" })).toBeNull());
    expect(changes(requests)).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Delete Reply 1' }));
    const again = await screen.findByRole('dialog', { name: "Delete 'Reply 1'?" });
    await user.click(within(again).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MESSAGE_TEXTS.savedReplyDeleted)).toBeTruthy();
    await waitFor(() => expect(within(dialog).queryByRole('heading', { name: 'Reply 1' })).toBeNull());
    expect(changes(requests)).toEqual([
      expect.objectContaining({ method: 'DELETE', path: '/api/saved-replies/r1' }),
    ]);
    expect(list().map((x) => x.id)).toEqual(['r2']);
  });

  it('at the limit, Add is disabled and says why', async () => {
    const full = Array.from({ length: MESSAGE_LIMITS.savedRepliesMax }, (_, i) => reply(i + 1));
    const { dialog, requests } = await openManager(full);
    const add = await within(dialog).findByRole('button', { name: 'Add' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    expect(add.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(add.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      MESSAGE_TEXTS.tooManySavedReplies,
    );
    expect(within(dialog).queryByLabelText(/^Title/)).toBeNull();
    expect(changes(requests)).toEqual([]);
  });

  it('shows the server’s refusal in a toast, then the list as it is now', async () => {
    const { user, dialog, list, requests } = await openManager([]);
    await within(dialog).findByText(MESSAGE_TEXTS.savedRepliesEmpty);
    // Another tab filled the list meanwhile.
    list().push(...Array.from({ length: MESSAGE_LIMITS.savedRepliesMax }, (_, i) => reply(i + 1)));
    await user.type(within(dialog).getByLabelText(/^Title/), 'One more');
    await user.type(within(dialog).getByLabelText(/^Reply/), 'Text');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const toasts = await screen.findByRole('region', { name: /Notifications/ });
    expect(await within(toasts).findByText(MESSAGE_TEXTS.tooManySavedReplies)).toBeTruthy();
    // Fetched again: ten replies, and Add disabled.
    const add = await within(dialog).findByRole('button', { name: 'Add' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(true));
    expect(within(dialog).getAllByRole('heading', { name: /^Reply \d+$/ })).toHaveLength(
      MESSAGE_LIMITS.savedRepliesMax,
    );
    expect(changes(requests)).toHaveLength(1);
    expect(list()).toHaveLength(MESSAGE_LIMITS.savedRepliesMax);
  });
});
