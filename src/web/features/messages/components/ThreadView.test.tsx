import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ThreadReply } from '#domain/messages.ts';
import { MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { unreadMessagesKey } from '#web/components/layout/use-unread-messages.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { ThreadView } from './ThreadView';
import { message, threadReply, threadSummary } from './thread-fixtures.test-fixture';

const USER = 'client-1';

/** Answers the thread (and its earlier page at `?before=older`), the read mark and the saved replies. */
function stubThread(reply: ThreadReply, older?: ThreadReply, unreadAfterRead = 0) {
  return stubFetch((r) => {
    if (r.method === 'GET' && r.path === '/api/threads/thread-1') return { body: reply };
    if (r.method === 'GET' && r.path === '/api/threads/thread-1?before=older' && older)
      return { body: older };
    if (r.method === 'POST' && r.path === '/api/threads/thread-1/read')
      return { body: { success: true, unread: unreadAfterRead } };
    if (r.method === 'GET' && r.path === '/api/saved-replies')
      return { body: { success: true, replies: [] } };
    return undefined;
  });
}

describe('ThreadView', () => {
  it('shows each message as text, its addresses as safe links, who sent it and when', async () => {
    signInForTest({ id: USER });
    stubThread(
      threadReply({
        messages: [
          message({ body: '<img src=x onerror=alert(1)> https://example.com', id: 'm-xss' }),
          message({ mine: true, body: 'First line\nSecond line', id: 'm-mine', read: true }),
          message({ via: 'email', body: 'Answered from my phone', notice: MESSAGE_TEXTS.attachmentsDropped }),
          message({ hidden: true, body: '' }),
          message({ mine: true, body: 'Still there?', read: false, id: 'm-last' }),
        ],
      }),
    );
    const { container } = renderWithProviders(<ThreadView userId={USER} threadId="thread-1" />);
    const log = await screen.findByRole('log', { name: 'Conversation with Studio Lumen' });
    // The heading links to the provider's profile.
    expect(screen.getByRole('heading', { level: 2, name: 'Studio Lumen' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Studio Lumen' }).getAttribute('href')).toBe('/studio-lumen');

    const items = within(log).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    // Markup in a message is its text: nothing is parsed, one link, opened safely.
    expect(container.querySelector('img')).toBeNull();
    expect(items[0]!.textContent).toContain('<img src=x onerror=alert(1)> https://example.com');
    const links = within(items[0]!).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('https://example.com');
    expect(links[0]!.getAttribute('rel')).toBe('nofollow noopener noreferrer');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(within(items[0]!).getByText('Studio Lumen')).toBeTruthy();
    expect(items[0]!.querySelector('time')?.getAttribute('datetime')).toMatch(/Z$/);
    // Line breaks kept (pre-wrap), the sender is 'You', 'Read' under it.
    const mine = items[1]!;
    expect(within(mine).getByText('You')).toBeTruthy();
    expect(mine.querySelector('p.whitespace-pre-wrap')?.textContent).toBe('First line\nSecond line');
    expect(within(mine).getByText(MESSAGE_TEXTS.read)).toBeTruthy();
    expect(within(mine).queryByRole('button', { name: /Report/ })).toBeNull();
    // By email, with the product's notice.
    expect(within(items[2]!).getByText(MESSAGE_TEXTS.sentViaEmail)).toBeTruthy();
    expect(within(items[2]!).getByText(MESSAGE_TEXTS.attachmentsDropped)).toBeTruthy();
    // Hidden by the moderators: said so, nothing to report.
    expect(within(items[3]!).getByText(MESSAGE_TEXTS.hiddenByModerators)).toBeTruthy();
    expect(within(items[3]!).queryByRole('button', { name: /Report/ })).toBeNull();
    // The last one waits: 'Delivered', and 'Read' is said once, under the earlier one.
    expect(within(items[4]!).getByText(MESSAGE_TEXTS.delivered)).toBeTruthy();
    expect(within(log).getAllByText(MESSAGE_TEXTS.read)).toHaveLength(1);
    // The other party's messages can be reported.
    expect(
      within(items[0]!).getByRole('button', { name: /^Report the message from Studio Lumen/ }),
    ).toBeTruthy();
    expect(log.getAttribute('aria-live')).toBe('polite');
  });

  it('marks the conversation read once its messages are shown, and the header total takes the answer', async () => {
    signInForTest({ id: USER });
    const requests = stubThread(
      threadReply({
        thread: threadSummary({ unread_count: 2 }),
        messages: [message({ read: false }), message({ read: false })],
      }),
      undefined,
      4,
    );
    const { queryClient } = renderWithProviders(<ThreadView userId={USER} threadId="thread-1" />);
    await screen.findByRole('log');
    await waitFor(() => expect(queryClient.getQueryData(unreadMessagesKey(USER))).toBe(4));
    expect(requests.filter((r) => r.path === '/api/threads/thread-1/read')).toHaveLength(1);
    expect(requests.find((r) => r.path === '/api/threads/thread-1/read')?.method).toBe('POST');
  });

  it('does not mark a conversation with nothing unread', async () => {
    signInForTest({ id: USER });
    const requests = stubThread(threadReply({ messages: [message({ read: true })] }));
    renderWithProviders(<ThreadView userId={USER} threadId="thread-1" />);
    await screen.findByRole('log');
    await new Promise((r) => setTimeout(r, 50));
    expect(requests.map((r) => r.path)).toEqual(['/api/threads/thread-1']);
  });

  it("loads earlier messages above the others on 'Load earlier messages'", async () => {
    signInForTest({ id: USER });
    const requests = stubThread(
      threadReply({ messages: [message({ body: 'Newer one' })], olderCursor: 'older' }),
      threadReply({ messages: [message({ body: 'Older one' })], olderCursor: null }),
    );
    const { user } = renderWithProviders(<ThreadView userId={USER} threadId="thread-1" />);
    const log = await screen.findByRole('log');
    await user.click(within(log).getByRole('button', { name: MESSAGE_TEXTS.loadOlder }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    const items = within(log).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Older one');
    expect(items[1]!.textContent).toContain('Newer one');
    expect(within(log).queryByRole('button', { name: MESSAGE_TEXTS.loadOlder })).toBeNull();
    expect(requests.some((r) => r.path === '/api/threads/thread-1?before=older')).toBe(true);
  });

  it('says why a read-only conversation cannot be answered, in place of the reply box', async () => {
    signInForTest({ id: USER });
    stubThread(
      threadReply({
        thread: threadSummary({
          read_only: 'deleted',
          other: { id: null, name: MESSAGE_TEXTS.deletedAccount, avatar_url: null, routing_slug: null },
        }),
        can_reply: false,
        messages: [message({})],
      }),
    );
    renderWithProviders(<ThreadView userId={USER} threadId="thread-1" />);
    expect(await screen.findByText(MESSAGE_TEXTS.readOnly.deleted)).toBeTruthy();
    expect(screen.queryByLabelText(MESSAGE_TEXTS.replyLabel)).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: MESSAGE_TEXTS.deletedAccount })).toBeTruthy();
    expect(screen.queryByRole('link', { name: MESSAGE_TEXTS.deletedAccount })).toBeNull();
    // Nobody left to block.
    expect(screen.queryByRole('button', { name: MESSAGE_TEXTS.block })).toBeNull();
  });

  it('blocks after asking, with what blocking a provider does, and unblocks at once', async () => {
    signInForTest({ id: USER });
    let blocked = false;
    const requests = stubFetch((r) => {
      if (r.method === 'GET' && r.path === '/api/threads/thread-1')
        return {
          body: threadReply({
            blocked,
            can_reply: !blocked,
            thread: threadSummary({ read_only: blocked ? 'blocked_by_me' : null }),
            messages: [message({})],
          }),
        };
      if (r.method === 'PUT' && r.path === '/api/threads/thread-1/block') {
        blocked = (r.body as { blocked: boolean }).blocked;
        return { body: { success: true, message: blocked ? 'Blocked' : 'Unblocked', blocked } };
      }
      return undefined;
    });
    const { user } = renderWithProviders(<ThreadView userId={USER} threadId="thread-1" />);
    await user.click(await screen.findByRole('button', { name: MESSAGE_TEXTS.block }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGE_TEXTS.blockTitle('Studio Lumen') });
    expect(dialog.textContent).toContain(MESSAGE_TEXTS.blockProviderWhat);
    await user.click(within(dialog).getByRole('button', { name: MESSAGE_TEXTS.block }));
    expect(await screen.findByText(MESSAGE_TEXTS.readOnly.blocked_by_me)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: MESSAGE_TEXTS.unblock }));
    expect(await screen.findByLabelText(MESSAGE_TEXTS.replyLabel)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { blocked: true },
      { blocked: false },
    ]);
  });

  it("a provider's confirmation says what blocking a client does", async () => {
    signInForTest({ id: 'provider-1', user_type: 'provider' });
    stubFetch((r) =>
      r.path === '/api/threads/thread-1'
        ? {
            body: threadReply({
              thread: threadSummary({
                role: 'provider',
                other: { id: 'client-1', name: 'Ana Lima', avatar_url: null, routing_slug: null },
              }),
              messages: [message({})],
            }),
          }
        : r.path === '/api/saved-replies'
          ? { body: { success: true, replies: [] } }
          : undefined,
    );
    const { user } = renderWithProviders(<ThreadView userId="provider-1" threadId="thread-1" />);
    // A client has no public profile: the name is not a link.
    expect(await screen.findByRole('heading', { level: 2, name: 'Ana Lima' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ana Lima' })).toBeNull();
    await user.click(screen.getByRole('button', { name: MESSAGE_TEXTS.block }));
    const dialog = await screen.findByRole('dialog', { name: MESSAGE_TEXTS.blockTitle('Ana Lima') });
    expect(dialog.textContent).toContain(MESSAGE_TEXTS.blockClientWhat);
    fireEvent.keyDown(dialog, { key: 'Escape' });
  });

  it('says a conversation that is not the reader’s is not found', async () => {
    signInForTest({ id: USER });
    stubFetch((r) =>
      r.path === '/api/threads/thread-1'
        ? { status: 404, body: { success: false, error: 'NOT_FOUND', message: 'Conversation not found' } }
        : undefined,
    );
    renderWithProviders(<ThreadView userId={USER} threadId="thread-1" />);
    expect(await screen.findByText(MESSAGE_TEXTS.threadNotFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: MESSAGE_TEXTS.allMessages }).getAttribute('href')).toBe(
      '/messages',
    );
  });

  it('offers Try Again when the conversation fails to load', async () => {
    signInForTest({ id: USER });
    let fail = true;
    stubFetch((r) =>
      r.path === '/api/threads/thread-1'
        ? fail
          ? { status: 500, body: { success: false, error: 'INTERNAL_ERROR', message: 'Boom' } }
          : { body: threadReply({ messages: [message({ body: 'Back again' })] }) }
        : undefined,
    );
    const { user } = renderWithProviders(<ThreadView userId={USER} threadId="thread-1" />);
    expect(await screen.findByText(MESSAGE_TEXTS.threadFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Back again')).toBeTruthy();
  });
});
