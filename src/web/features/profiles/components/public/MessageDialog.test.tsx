import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { MessageDialog } from './MessageDialog';

const PROVIDER_ID = '6f1c2b1e-3f4a-4b6c-8d7e-9f0a1b2c3d4e';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

/** The dialog as ContactCard holds it: open until it closes itself. */
function Harness({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <MessageDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        setOpen(next);
      }}
      providerId={PROVIDER_ID}
      providerName="Studio Lumen"
    />
  );
}

function renderDialog(onOpenChange = vi.fn()) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
      <Harness onOpenChange={onOpenChange} />
      <Toaster theme="light" />
    </>,
    { route: '/studio-lumen' },
  );
}

describe('MessageDialog', () => {
  it('sends into the conversation, and the toast links to it', async () => {
    signInForTest();
    const requests = stubFetch((r) =>
      r.method === 'POST' && r.path === '/api/messages'
        ? { body: { success: true, message: 'Message sent', threadId: 'thread-9' } }
        : undefined,
    );
    const onOpenChange = vi.fn();
    const { user } = renderDialog(onOpenChange);
    const dialog = await screen.findByRole('dialog', { name: 'Message Studio Lumen' });
    expect(dialog.textContent).toContain(MESSAGE_TEXTS.dialogDescription('Studio Lumen'));
    const send = within(dialog).getByRole('button', { name: MESSAGE_TEXTS.send });
    expect(send.hasAttribute('disabled')).toBe(true);
    const box = within(dialog).getByLabelText('Your message');
    await user.type(box, '  Do you have time on Saturday?  ');
    await user.click(send);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(requests.map((r) => r.body)).toEqual([
      { providerId: PROVIDER_ID, message: 'Do you have time on Saturday?' },
    ]);
    expect(requests[0]!.headers.authorization).toMatch(/^Bearer /);
    expect(await screen.findByText(MESSAGE_TEXTS.sentTo('Studio Lumen'))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: MESSAGE_TEXTS.viewConversation }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/messages/thread-9'));
  });

  it("shows the server's words for a refused send (a block, the daily limit) and keeps the text", async () => {
    signInForTest();
    let answer: { status: number; body: unknown } = {
      status: 403,
      body: { success: false, error: 'FORBIDDEN', message: MESSAGE_TEXTS.cannotMessage },
    };
    stubFetch((r) => (r.path === '/api/messages' ? answer : undefined));
    const { user } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Message Studio Lumen' });
    const box = within(dialog).getByLabelText('Your message');
    await user.type(box, 'Hello again');
    await user.click(within(dialog).getByRole('button', { name: MESSAGE_TEXTS.send }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGE_TEXTS.cannotMessage);
    expect((box as HTMLTextAreaElement).value).toBe('Hello again');

    answer = {
      status: 429,
      body: { success: false, error: 'RATE_LIMITED', message: MESSAGE_TEXTS.tooManyThreads },
    };
    await user.click(within(dialog).getByRole('button', { name: MESSAGE_TEXTS.send }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(MESSAGE_TEXTS.tooManyThreads),
    );
    expect((box as HTMLTextAreaElement).value).toBe('Hello again');
  });

  it('counts to 5,000 characters and refuses more rather than cutting it', async () => {
    signInForTest();
    const requests = stubFetch(() => undefined);
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Message Studio Lumen' });
    const box = within(dialog).getByLabelText('Your message') as HTMLTextAreaElement;
    expect(box.hasAttribute('maxlength')).toBe(false);
    fireEvent.change(box, { target: { value: 'x'.repeat(MESSAGE_LIMITS.bodyMax + 1) } });
    expect(dialog.textContent).toContain('5,001 / 5,000');
    const send = within(dialog).getByRole('button', { name: MESSAGE_TEXTS.send });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.submit(box.closest('form')!);
    expect(requests).toEqual([]);
    fireEvent.change(box, { target: { value: 'x'.repeat(MESSAGE_LIMITS.bodyMax) } });
    expect(send.hasAttribute('disabled')).toBe(false);
  });
});
