import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { MessagesInbox } from './MessagesInbox';
import { ThreadList } from './ThreadList';
import { at, threadSummary } from './thread-fixtures.test-fixture';

const USER = 'client-1';

describe('ThreadList', () => {
  it('lists each conversation as a link: the other party, the last message, its time and what is unread', async () => {
    signInForTest({ id: USER });
    const requests = stubFetch((r) =>
      r.path === '/api/threads?filter=all'
        ? {
            body: {
              success: true,
              nextCursor: null,
              threads: [
                threadSummary({
                  id: 't-unread',
                  unread_count: 2,
                  last_message: {
                    body: 'Are you free\non Friday?',
                    mine: false,
                    hidden: false,
                    created_at: at(5),
                  },
                }),
                threadSummary({
                  id: 't-mine',
                  other: { id: 'p2', name: 'Ivy Styles', avatar_url: null, routing_slug: 'ivy' },
                  last_message: { body: 'Thanks!', mine: true, hidden: false, created_at: at(60 * 24 * 3) },
                }),
                threadSummary({
                  id: 't-hidden',
                  other: {
                    id: null,
                    name: MESSAGE_TEXTS.deletedAccount,
                    avatar_url: null,
                    routing_slug: null,
                  },
                  last_message: { body: '', mine: false, hidden: true, created_at: at(60 * 24 * 5) },
                  read_only: 'deleted',
                }),
              ],
            },
          }
        : undefined,
    );
    renderWithProviders(<ThreadList userId={USER} filter="all" selectedId="t-mine" />);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/messages/t-unread',
      '/messages/t-mine',
      '/messages/t-hidden',
    ]);
    const [unread, mine, hidden] = links as [HTMLElement, HTMLElement, HTMLElement];
    expect(unread.textContent).toContain('Studio Lumen');
    expect(unread.textContent).toContain('Are you free on Friday?');
    expect(within(unread).getByText(MESSAGE_TEXTS.unread(2))).toBeTruthy();
    expect(within(unread).getByText('Studio Lumen').className).toContain('font-bold');
    expect(unread.querySelector('time')).toBeTruthy();
    expect(mine.textContent).toContain(`${MESSAGE_TEXTS.you}: Thanks!`);
    expect(mine.getAttribute('aria-current')).toBe('page');
    expect(within(mine).getByText('Ivy Styles').className).not.toContain('font-bold');
    expect(within(mine).queryByText(/unread/)).toBeNull();
    expect(hidden.textContent).toContain(MESSAGE_TEXTS.deletedAccount);
    expect(hidden.textContent).toContain(MESSAGE_TEXTS.hiddenByModerators);
    expect(requests[0]!.headers.authorization).toMatch(/^Bearer /);
  });

  it("writes the API's microsecond time as a datetime HTML accepts (milliseconds)", async () => {
    signInForTest({ id: USER });
    stubFetch((r) =>
      r.path === '/api/threads?filter=all'
        ? {
            body: {
              success: true,
              nextCursor: null,
              threads: [
                threadSummary({
                  last_message: {
                    body: 'Hello',
                    mine: false,
                    hidden: false,
                    created_at: '2026-11-27T02:00:08.420000Z',
                  },
                }),
              ],
            },
          }
        : undefined,
    );
    renderWithProviders(<ThreadList userId={USER} filter="all" selectedId={undefined} />);
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(list.querySelector('time')!.getAttribute('datetime')).toBe('2026-11-27T02:00:08.420Z');
  });

  it("loads the next page on 'Load more conversations'", async () => {
    signInForTest({ id: USER });
    stubFetch((r) =>
      r.path === '/api/threads?filter=all'
        ? { body: { success: true, nextCursor: 'page-2', threads: [threadSummary({ id: 'a' })] } }
        : r.path === '/api/threads?filter=all&cursor=page-2'
          ? {
              body: {
                success: true,
                nextCursor: null,
                threads: [
                  threadSummary({
                    id: 'b',
                    other: { id: 'x', name: 'Older Studio', avatar_url: null, routing_slug: null },
                  }),
                ],
              },
            }
          : undefined,
    );
    const { user } = renderWithProviders(<ThreadList userId={USER} filter="all" selectedId={undefined} />);
    await user.click(await screen.findByRole('button', { name: MESSAGE_TEXTS.loadMore }));
    expect(await screen.findByText('Older Studio')).toBeTruthy();
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: MESSAGE_TEXTS.loadMore })).toBeNull();
  });

  it('says when there is nothing yet, and offers Try Again after a failure', async () => {
    signInForTest({ id: USER });
    let fail = true;
    stubFetch((r) =>
      r.path === '/api/threads?filter=all'
        ? fail
          ? { status: 503, body: { success: false, error: 'SERVICE_UNAVAILABLE', message: 'Busy' } }
          : { body: { success: true, nextCursor: null, threads: [] } }
        : undefined,
    );
    const { user } = renderWithProviders(<ThreadList userId={USER} filter="all" selectedId={undefined} />);
    expect(await screen.findByText(MESSAGE_TEXTS.inboxFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(MESSAGE_TEXTS.inboxEmpty)).toBeTruthy();
  });
});

describe('MessagesInbox', () => {
  it("gives a provider 'All' and 'Unanswered', each its own list", async () => {
    signInForTest({ id: 'provider-1', user_type: 'provider' });
    const requests = stubFetch((r) => {
      if (r.path === '/api/threads?filter=all')
        return { body: { success: true, nextCursor: null, threads: [threadSummary({ role: 'provider' })] } };
      if (r.path === '/api/threads?filter=unanswered')
        return { body: { success: true, nextCursor: null, threads: [] } };
      if (r.path === '/api/saved-replies') return { body: { success: true, replies: [] } };
      return undefined;
    });
    const { user } = renderWithProviders(
      <MessagesInbox userId="provider-1" isProvider threadId={undefined} />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: MESSAGE_TEXTS.inboxTitle })).toBeTruthy();
    const all = screen.getByRole('button', { name: MESSAGE_TEXTS.filterAll });
    const unanswered = screen.getByRole('button', { name: MESSAGE_TEXTS.filterUnanswered });
    expect(all.getAttribute('aria-pressed')).toBe('true');
    expect(unanswered.getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByRole('link', { name: /Studio Lumen/ })).toBeTruthy();
    await user.click(unanswered);
    expect(await screen.findByText(MESSAGE_TEXTS.unansweredEmpty)).toBeTruthy();
    expect(unanswered.getAttribute('aria-pressed')).toBe('true');
    expect(requests.some((r) => r.path === '/api/threads?filter=unanswered')).toBe(true);
    expect(screen.getByText(MESSAGE_TEXTS.chooseThread)).toBeTruthy();
  });

  it('gives a client no filter', async () => {
    signInForTest({ id: USER });
    stubFetch((r) =>
      r.path === '/api/threads?filter=all'
        ? { body: { success: true, nextCursor: null, threads: [] } }
        : undefined,
    );
    renderWithProviders(<MessagesInbox userId={USER} isProvider={false} threadId={undefined} />);
    expect(await screen.findByText(MESSAGE_TEXTS.inboxEmpty)).toBeTruthy();
    expect(screen.queryByRole('button', { name: MESSAGE_TEXTS.filterUnanswered })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});
