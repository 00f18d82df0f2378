import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_ACCESS_HEADER } from '#domain/admin-options.ts';
import type { AdminMessage } from '#domain/messages.ts';
import { MESSAGE_MODERATION_TEXTS, MESSAGE_REPORT_REASON_LABELS } from '#domain/messages-options.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, type SentRequest, signInForTest, stubFetch } from '#web/test/render.tsx';
import { setAdminAccess } from '../admin-access-store';
import { MessageModeration } from './MessageModeration';

beforeAll(async () => {
  await import('sonner');
});

beforeEach(() => {
  setAdminAccess({ access_token: 'admin-step-token', expires_at: Math.floor(Date.now() / 1000) + 3600 });
});

const HOSTILE = '<b>Pay me</b> <img src="x" onerror="alert(1)"> on\nanother line';

const item = (n: number, over: Partial<AdminMessage> = {}): AdminMessage => ({
  id: `m${n}`,
  thread_id: `t${n}`,
  body: `Message ${n}`,
  created_at: '2026-12-01T10:00:00.000Z',
  sender: { id: `s${n}`, name: `Sender ${n}`, email: `sender${n}@example.com` },
  recipient: { id: `r${n}`, name: `Recipient ${n}` },
  report_count: 1,
  reasons: ['spam'],
  details: [],
  last_reported_at: '2026-12-01T11:00:00.000Z',
  hidden_at: null,
  warned_at: null,
  ...over,
});

/** An in-memory /api/admin/messages that moves messages between the lists as the server does. */
function moderationServer(initial: AdminMessage[], pageSize = 50) {
  let items = [...initial];
  const requests = stubFetch((r: SentRequest) => {
    const url = new URL(r.path, 'http://localhost');
    if (url.pathname === '/api/admin/messages' && r.method === 'GET') {
      const status = url.searchParams.get('status');
      const matching = items.filter((m) =>
        status === 'hidden' ? m.hidden_at !== null : m.hidden_at === null && m.report_count > 0,
      );
      const start = Number(url.searchParams.get('cursor') ?? 0);
      const page = matching.slice(start, start + pageSize);
      const next = start + pageSize < matching.length ? String(start + pageSize) : null;
      return { body: { success: true, messages: page, nextCursor: next } };
    }
    const id = url.pathname.match(/^\/api\/admin\/messages\/(.+)$/)?.[1];
    const found = items.find((m) => m.id === id);
    if (r.method !== 'PUT' || !found) return undefined;
    const action = (r.body as { action: string }).action;
    // Noon UTC: the same date in every time zone the tests may run in.
    const at = '2026-12-02T12:00:00.000Z';
    const changed: AdminMessage =
      action === 'hide'
        ? { ...found, hidden_at: at }
        : action === 'restore'
          ? { ...found, hidden_at: null }
          : action === 'warn'
            ? { ...found, warned_at: at }
            : { ...found, report_count: 0, reasons: [], details: [] };
    items = items.map((m) => (m.id === found.id ? changed : m));
    const text = {
      hide: 'Message hidden',
      restore: 'Message restored',
      warn: 'Warning sent',
      dismiss: 'Reports dismissed',
    };
    return { body: { success: true, message: text[action as keyof typeof text], item: changed } };
  });
  return { requests };
}

function renderModeration(initial: AdminMessage[], pageSize?: number) {
  const server = moderationServer(initial, pageSize);
  signInForTest({ id: 'admin-1', role: 'admin', name: 'Ada Admin' });
  const rendered = renderWithProviders(
    <>
      <MessageModeration userId="admin-1" />
      <Toaster theme="light" />
    </>,
  );
  return { ...rendered, ...server };
}

const reportedList = () => screen.findByRole('list', { name: 'Reported messages, latest report first' });
const puts = (requests: SentRequest[]) => requests.filter((r) => r.method === 'PUT');

describe('MessageModeration', () => {
  it('shows each reported message as plain text, with who sent it to whom and the reports', async () => {
    const { requests } = renderModeration([
      item(1, {
        body: HOSTILE,
        report_count: 2,
        reasons: ['scam', 'harassment'],
        details: ['Asked for a bank transfer', 'Kept writing after I said no'],
      }),
    ]);
    const list = await reportedList();
    const message = within(list).getByRole('article', { name: 'From Sender 1 to Recipient 1' });
    // The text is shown as written, never as HTML.
    expect(within(message).getByText(/<b>Pay me<\/b>/).textContent).toBe(HOSTILE);
    expect(message.querySelector('img, b')).toBeNull();
    expect(within(message).getByRole('link', { name: 'sender1@example.com' }).getAttribute('href')).toBe(
      'mailto:sender1@example.com',
    );
    expect(message.textContent).toContain('2 reports');
    expect(message.textContent).toContain(
      `${MESSAGE_REPORT_REASON_LABELS.scam}, ${MESSAGE_REPORT_REASON_LABELS.harassment}`,
    );
    expect(within(message).getByText('Asked for a bank transfer')).toBeTruthy();
    expect(within(message).getByText('Kept writing after I said no')).toBeTruthy();
    expect(message.querySelectorAll('time')).toHaveLength(2);
    expect(
      within(message)
        .getAllByRole('button')
        .map((b) => b.textContent?.trim()),
    ).toEqual([
      'Hide (message from Sender 1)',
      'Warn sender (message from Sender 1)',
      'Dismiss reports (message from Sender 1)',
    ]);
    expect(requests[0]?.path).toBe('/api/admin/messages?status=reported');
    expect(requests[0]?.headers[ADMIN_ACCESS_HEADER]).toBe('admin-step-token');
  });

  it('hides a message only after asking; then it moves to Hidden, where it can be restored', async () => {
    const { user, requests } = renderModeration([item(1), item(2)]);
    const list = await reportedList();
    await user.click(within(list).getByRole('button', { name: 'Hide (message from Sender 1)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Hide this message?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(requests)).toEqual([]);

    await user.click(within(list).getByRole('button', { name: 'Hide (message from Sender 1)' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Hide this message?' })).getByRole('button', {
        name: 'Hide',
      }),
    );
    expect(await screen.findByText('Message hidden')).toBeTruthy();
    expect(puts(requests)).toEqual([
      expect.objectContaining({ path: '/api/admin/messages/m1', body: { action: 'hide' } }),
    ]);
    expect(puts(requests)[0]?.headers[ADMIN_ACCESS_HEADER]).toBe('admin-step-token');
    await waitFor(() => expect(within(list).queryByRole('article', { name: /Sender 1 to/ })).toBeNull());
    expect(within(list).getByRole('article', { name: /Sender 2 to/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: MESSAGE_MODERATION_TEXTS.hiddenTab }));
    const hidden = await screen.findByRole('list', { name: 'Hidden messages, latest hidden first' });
    expect(
      screen.getByRole('button', { name: MESSAGE_MODERATION_TEXTS.hiddenTab }).getAttribute('aria-pressed'),
    ).toBe('true');
    await user.click(within(hidden).getByRole('button', { name: 'Show again (message from Sender 1)' }));
    expect(await screen.findByText('Message restored')).toBeTruthy();
    expect(puts(requests).at(-1)).toEqual(
      expect.objectContaining({ path: '/api/admin/messages/m1', body: { action: 'restore' } }),
    );
    expect(await screen.findByText(MESSAGE_MODERATION_TEXTS.hiddenEmpty)).toBeTruthy();
  });

  it('warns the sender after asking, and dismisses reports at once', async () => {
    const { user, requests } = renderModeration([item(1), item(2)]);
    const list = await reportedList();
    await user.click(within(list).getByRole('button', { name: 'Warn sender (message from Sender 2)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Warn Sender 2?' });
    await user.click(within(confirm).getByRole('button', { name: 'Send warning' }));
    const toasts = await screen.findByRole('region', { name: /Notifications/ });
    expect(await within(toasts).findByText('Warning sent')).toBeTruthy();
    // Marked on the message, with the time.
    const warned = within(list).getByRole('article', { name: /Sender 2 to/ });
    expect(await within(warned).findByText('Sender warned', { selector: 'span' })).toBeTruthy();
    expect(warned.textContent).toContain('Sender warned Dec 2, 2026');

    await user.click(within(list).getByRole('button', { name: 'Dismiss reports (message from Sender 1)' }));
    expect(await screen.findByText('Reports dismissed')).toBeTruthy();
    expect(puts(requests).map((r) => [r.path, r.body])).toEqual([
      ['/api/admin/messages/m2', { action: 'warn' }],
      ['/api/admin/messages/m1', { action: 'dismiss' }],
    ]);
    await waitFor(() => expect(within(list).queryByRole('article', { name: /Sender 1 to/ })).toBeNull());
  });

  it('offers no warning for a sender who deleted their account', async () => {
    renderModeration([item(1, { sender: { id: null, name: 'Deleted account', email: null } })]);
    const message = within(await reportedList()).getByRole('article', { name: /From Deleted account/ });
    expect(within(message).queryByRole('button', { name: /Warn sender/ })).toBeNull();
    expect(within(message).queryByRole('link')).toBeNull();
    expect(within(message).getByRole('button', { name: /Hide/ })).toBeTruthy();
  });

  it('pages with Load more, and says when there is nothing to look at', async () => {
    const { user, requests } = renderModeration([item(1), item(2), item(3)], 2);
    const list = await reportedList();
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
    expect(requests.map((r) => r.path)).toEqual([
      '/api/admin/messages?status=reported',
      '/api/admin/messages?status=reported&cursor=2',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.click(screen.getByRole('button', { name: MESSAGE_MODERATION_TEXTS.hiddenTab }));
    expect(await screen.findByText(MESSAGE_MODERATION_TEXTS.hiddenEmpty)).toBeTruthy();
  });
});
