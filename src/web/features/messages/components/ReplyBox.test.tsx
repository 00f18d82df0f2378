import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { ReplyBox } from './ReplyBox';
import { ThreadView } from './ThreadView';
import { message, threadReply } from './thread-fixtures.test-fixture';

const USER = 'client-1';

describe('ReplyBox', () => {
  it('sends only non-blank text within the limit, and keeps the focus for the next message', async () => {
    signInForTest({ id: USER });
    const posted: unknown[] = [];
    stubFetch((r) => {
      if (r.method === 'GET' && r.path === '/api/threads/thread-1')
        return { body: threadReply({ messages: [message({ body: 'Hello from the studio' })] }) };
      if (r.method === 'POST' && r.path === '/api/threads/thread-1/messages') {
        posted.push(r.body);
        const text = (r.body as { message: string }).message;
        return { body: { success: true, message: message({ mine: true, body: text, read: false }) } };
      }
      return undefined;
    });
    const { user } = renderWithProviders(<ThreadView userId={USER} threadId="thread-1" />);
    const box = await screen.findByLabelText(MESSAGE_TEXTS.replyLabel);
    const send = screen.getByRole('button', { name: MESSAGE_TEXTS.send });
    expect(send.hasAttribute('disabled')).toBe(true);
    await user.type(box, '   ');
    expect(send.hasAttribute('disabled')).toBe(true);
    // The count describes the box.
    const counter = document.getElementById(box.getAttribute('aria-describedby')!.split(' ').at(-1)!);
    expect(counter?.textContent).toContain(`3 / ${MESSAGE_LIMITS.bodyMax.toLocaleString('en-US')}`);

    // Over the limit: refused, not cut.
    fireEvent.change(box, { target: { value: 'x'.repeat(MESSAGE_LIMITS.bodyMax + 1) } });
    expect(send.hasAttribute('disabled')).toBe(true);
    expect((box as HTMLTextAreaElement).value).toHaveLength(MESSAGE_LIMITS.bodyMax + 1);

    await user.clear(box);
    await user.type(box, '  Saturday at 10 works!  ');
    await user.click(send);
    const log = screen.getByRole('log');
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(2));
    expect(within(log).getAllByRole('listitem')[1]!.textContent).toContain('Saturday at 10 works!');
    expect(posted).toEqual([{ message: 'Saturday at 10 works!' }]);
    expect((box as HTMLTextAreaElement).value).toBe('');
    expect(document.activeElement).toBe(box);
  });

  it('sends with Ctrl+Enter and Cmd+Enter, not with Enter alone', async () => {
    signInForTest({ id: USER });
    const posted: unknown[] = [];
    stubFetch((r) => {
      if (r.method === 'POST' && r.path === '/api/threads/thread-1/messages') {
        posted.push(r.body);
        return { body: { success: true, message: message({ mine: true }) } };
      }
      return undefined;
    });
    const { user } = renderWithProviders(<ReplyBox userId={USER} threadId="thread-1" isProvider={false} />);
    const box = screen.getByLabelText(MESSAGE_TEXTS.replyLabel);
    await user.type(box, 'One{Enter}two');
    expect(posted).toEqual([]);
    expect((box as HTMLTextAreaElement).value).toBe('One\ntwo');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(posted).toEqual([{ message: 'One\ntwo' }]));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    await user.type(box, 'Three');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(posted).toHaveLength(2));
  });

  it("shows the server's reason for a refused send and keeps the text; ours when it failed on the way", async () => {
    signInForTest({ id: USER });
    let answer: { status: number; body: unknown } = {
      status: 403,
      body: { success: false, error: 'FORBIDDEN', message: MESSAGE_TEXTS.cannotMessage },
    };
    stubFetch((r) => (r.path === '/api/threads/thread-1/messages' ? answer : undefined));
    const { user } = renderWithProviders(<ReplyBox userId={USER} threadId="thread-1" isProvider={false} />);
    const box = screen.getByLabelText(MESSAGE_TEXTS.replyLabel);
    await user.type(box, 'Are you there?');
    await user.click(screen.getByRole('button', { name: MESSAGE_TEXTS.send }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGE_TEXTS.cannotMessage);
    expect((box as HTMLTextAreaElement).value).toBe('Are you there?');

    answer = { status: 429, body: { success: false, error: 'RATE_LIMITED', message: MESSAGE_TEXTS.tooFast } };
    await user.click(screen.getByRole('button', { name: MESSAGE_TEXTS.send }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGE_TEXTS.tooFast));

    answer = { status: 500, body: { success: false, error: 'INTERNAL_ERROR', message: 'Something broke' } };
    await user.click(screen.getByRole('button', { name: MESSAGE_TEXTS.send }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGE_TEXTS.failed));
    expect((box as HTMLTextAreaElement).value).toBe('Are you there?');
  });

  it('a provider inserts a saved reply where the cursor is', async () => {
    signInForTest({ id: 'provider-1', user_type: 'provider' });
    stubFetch((r) =>
      r.path === '/api/saved-replies'
        ? {
            body: {
              success: true,
              replies: [
                { id: 'r1', title: 'Prices', body: 'A cut is $60.', created_at: new Date().toISOString() },
              ],
            },
          }
        : undefined,
    );
    const { user } = renderWithProviders(<ReplyBox userId="provider-1" threadId="thread-1" isProvider />);
    const box = screen.getByLabelText(MESSAGE_TEXTS.replyLabel) as HTMLTextAreaElement;
    await user.type(box, 'Hi! ');
    // The picker loads after the box (a chunk of its own).
    await user.click(await screen.findByRole('button', { name: new RegExp(MESSAGE_TEXTS.insertSavedReply) }));
    await user.click(await screen.findByRole('menuitem', { name: /Prices/ }));
    await waitFor(() => expect(box.value).toBe('Hi! A cut is $60.'));
  });

  it('a client has no saved replies', () => {
    signInForTest({ id: USER });
    stubFetch(() => undefined);
    renderWithProviders(<ReplyBox userId={USER} threadId="thread-1" isProvider={false} />);
    expect(screen.queryByRole('button', { name: new RegExp(MESSAGE_TEXTS.insertSavedReply) })).toBeNull();
  });
});
