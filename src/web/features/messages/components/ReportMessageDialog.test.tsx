import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGE_LIMITS, MESSAGE_REPORT_REASON_LABELS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { ReportMessageDialog } from './ReportMessageDialog';

beforeAll(async () => {
  await import('sonner');
});

const MESSAGE_ID = 'b0d1c7e2-5a4f-4e2b-9c1d-1f2e3d4c5b6a';
const REPORT_PATH = `/api/messages/${MESSAGE_ID}/report`;

function renderDialog() {
  const onReported = vi.fn();
  function Thread() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          {MESSAGE_TEXTS.report}
        </button>
        <ReportMessageDialog
          messageId={MESSAGE_ID}
          open={open}
          onOpenChange={setOpen}
          onReported={onReported}
        />
        <Toaster theme="light" />
      </>
    );
  }
  signInForTest();
  const rendered = renderWithProviders(<Thread />);
  return { ...rendered, onReported };
}

async function open(user: ReturnType<typeof renderDialog>['user']) {
  await user.click(screen.getByRole('button', { name: MESSAGE_TEXTS.report }));
  return screen.findByRole('dialog', { name: MESSAGE_TEXTS.reportTitle });
}

describe('ReportMessageDialog', () => {
  it('asks for a reason, says what happens, and sends nothing without one', async () => {
    const requests = stubFetch(() => undefined);
    const { user, onReported } = renderDialog();
    const dialog = await open(user);
    expect(within(dialog).getByText(MESSAGE_TEXTS.reportWhat)).toBeTruthy();
    const reasons = within(dialog).getByRole('group', { name: /Reason/ });
    for (const label of Object.values(MESSAGE_REPORT_REASON_LABELS))
      expect(within(reasons).getByRole('radio', { name: label })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: MESSAGE_TEXTS.report }));
    expect(await within(dialog).findByText(MESSAGE_TEXTS.reportReasonRequired)).toBeTruthy();
    expect(requests).toHaveLength(0);
    expect(onReported).not.toHaveBeenCalled();
  });

  it('refuses details over the limit with the schema’s text, counting them', async () => {
    const requests = stubFetch(() => undefined);
    const { user } = renderDialog();
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('radio', { name: MESSAGE_REPORT_REASON_LABELS.spam }));
    const details = within(dialog).getByLabelText(MESSAGE_TEXTS.reportDetails);
    await user.click(details);
    await user.paste('x'.repeat(MESSAGE_LIMITS.reportDetailsMax + 1));
    expect(within(dialog).getByText(/501 \/ 500/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: MESSAGE_TEXTS.report }));
    expect(await within(dialog).findByText(MESSAGE_TEXTS.reportDetailsTooLong)).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('sends the reason and details, thanks, tells the thread and closes', async () => {
    const requests = stubFetch((r) =>
      r.path === REPORT_PATH ? { body: { success: true, message: MESSAGE_TEXTS.reported } } : undefined,
    );
    const { user, onReported } = renderDialog();
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('radio', { name: MESSAGE_REPORT_REASON_LABELS.scam }));
    await user.type(
      within(dialog).getByLabelText(MESSAGE_TEXTS.reportDetails),
      '  Asked me to pay by gift card  ',
    );
    await user.click(within(dialog).getByRole('button', { name: MESSAGE_TEXTS.report }));

    expect(await screen.findByText(MESSAGE_TEXTS.reported)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onReported).toHaveBeenCalledTimes(1);
    expect(requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: REPORT_PATH,
        body: { reason: 'scam', details: 'Asked me to pay by gift card' },
      }),
    ]);
    expect(requests[0]?.headers.authorization).toBe('Bearer test-access-token');
  });

  it('shows the server’s refusal in the dialog and stays open', async () => {
    stubFetch((r) =>
      r.path === REPORT_PATH
        ? {
            status: 409,
            body: { success: false, error: 'CONFLICT', message: MESSAGE_TEXTS.alreadyReported },
          }
        : undefined,
    );
    const { user, onReported } = renderDialog();
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('radio', { name: MESSAGE_REPORT_REASON_LABELS.other }));
    await user.click(within(dialog).getByRole('button', { name: MESSAGE_TEXTS.report }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MESSAGE_TEXTS.alreadyReported);
    expect(screen.getByRole('dialog', { name: MESSAGE_TEXTS.reportTitle })).toBeTruthy();
    expect(onReported).not.toHaveBeenCalled();
  });

  it('puts a field issue from the server on its field', async () => {
    stubFetch((r) =>
      r.path === REPORT_PATH
        ? {
            status: 400,
            body: {
              success: false,
              error: 'VALIDATION_ERROR',
              message: MESSAGE_TEXTS.reportDetailsTooLong,
              issues: [{ path: 'details', message: MESSAGE_TEXTS.reportDetailsTooLong }],
            },
          }
        : undefined,
    );
    const { user } = renderDialog();
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('radio', { name: MESSAGE_REPORT_REASON_LABELS.harassment }));
    await user.type(within(dialog).getByLabelText(MESSAGE_TEXTS.reportDetails), 'Threats');
    await user.click(within(dialog).getByRole('button', { name: MESSAGE_TEXTS.report }));
    const details = within(dialog).getByLabelText(MESSAGE_TEXTS.reportDetails);
    await waitFor(() => expect(details.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(MESSAGE_TEXTS.reportDetailsTooLong)).toBeTruthy();
  });
});
