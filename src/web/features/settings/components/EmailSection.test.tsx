import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SECURITY_TEXTS } from '#domain/account-security.ts';
import { EMAIL_CHANGE_TEXTS } from '#domain/email-change.ts';
import { clearSession } from '#web/lib/session.ts';
import { renderWithProviders, type SentRequest, signInForTest, stubFetch } from '#web/test/render.tsx';
import { EmailSection } from './EmailSection';

afterEach(() => {
  act(() => clearSession());
});

const CURRENT = 'ana@example.com';
const NEW = 'ana.new@example.com';
const EXPIRES = '2026-12-03T12:00:00.000Z';

/**
 * The section's server: the identity status (fresh or not), the account's email with whatever
 * change is pending, and the change request, answered by `answer` (a success by default, which
 * makes the change pending).
 */
function server({
  fresh = false,
  pending = null as string | null,
  answer,
}: {
  fresh?: boolean;
  pending?: string | null;
  answer?: (r: SentRequest) => { status?: number; body: unknown };
} = {}) {
  let waiting = pending;
  return stubFetch((r) => {
    if (r.path === '/api/account/identity')
      return { body: { success: true, fresh_proof: fresh, fresh_until: fresh ? EXPIRES : null } };
    if (r.path === '/api/account/email' && r.method === 'GET')
      return {
        body: {
          success: true,
          email: CURRENT,
          pending_email: waiting,
          expires_at: waiting ? EXPIRES : null,
        },
      };
    if (r.path === '/api/account/email' && r.method === 'POST') {
      const reply = answer?.(r);
      if (reply) return reply;
      waiting = (r.body as { new_email: string }).new_email;
      return { body: { success: true, message: EMAIL_CHANGE_TEXTS.sent(waiting) } };
    }
    return undefined;
  });
}

const posts = (requests: SentRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.path === '/api/account/email');

describe('Settings: Email', () => {
  it('shows the current email, sends the new one with the password, then shows the change as waiting', async () => {
    signInForTest({ email: CURRENT });
    const requests = server();
    const { user } = renderWithProviders(<EmailSection userId="client-1" />);

    expect(await screen.findByText(CURRENT)).toBeTruthy();
    expect(screen.getByRole('heading', { name: EMAIL_CHANGE_TEXTS.sectionTitle })).toBeTruthy();
    expect(screen.queryByText(EMAIL_CHANGE_TEXTS.pending(NEW))).toBeNull();

    await user.type(screen.getByLabelText(/New email/), NEW);
    await user.type(await screen.findByLabelText(/Current password/), 'Velvet-Orchid-4821');
    await user.click(screen.getByRole('button', { name: EMAIL_CHANGE_TEXTS.submit }));

    expect(await screen.findByText(EMAIL_CHANGE_TEXTS.sent(NEW))).toBeTruthy();
    expect(posts(requests)).toEqual([
      expect.objectContaining({
        body: { new_email: NEW, current_password: 'Velvet-Orchid-4821' },
        headers: expect.objectContaining({ authorization: 'Bearer test-access-token' }),
      }),
    ]);
    expect(await screen.findByText(EMAIL_CHANGE_TEXTS.pending(NEW))).toBeTruthy();
    expect((screen.getByLabelText(/New email/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/Current password/) as HTMLInputElement).value).toBe('');
  });

  it('says which change is waiting for its link', async () => {
    signInForTest({ email: CURRENT });
    server({ pending: NEW });
    renderWithProviders(<EmailSection userId="client-1" />);
    const waiting = await screen.findByText(EMAIL_CHANGE_TEXTS.pending(NEW));
    expect(waiting.closest('[role="status"]')).toBeTruthy();
  });

  it('puts the server’s field errors on their fields (a wrong password) and keeps what was typed', async () => {
    signInForTest({ email: CURRENT });
    const requests = server({
      answer: () => ({
        status: 400,
        body: {
          success: false,
          error: 'VALIDATION_ERROR',
          message: SECURITY_TEXTS.currentPasswordWrong,
          issues: [{ path: 'current_password', message: SECURITY_TEXTS.currentPasswordWrong }],
        },
      }),
    });
    const { user } = renderWithProviders(<EmailSection userId="client-1" />);
    await screen.findByText(CURRENT);
    await user.type(screen.getByLabelText(/New email/), NEW);
    const password = await screen.findByLabelText(/Current password/);
    await user.type(password, 'Wrong-Password-1');
    await user.click(screen.getByRole('button', { name: EMAIL_CHANGE_TEXTS.submit }));

    expect(await screen.findByText(SECURITY_TEXTS.currentPasswordWrong)).toBeTruthy();
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(posts(requests)).toHaveLength(1);
    expect((screen.getByLabelText(/New email/) as HTMLInputElement).value).toBe(NEW);
    expect(screen.queryByText(EMAIL_CHANGE_TEXTS.sent(NEW))).toBeNull();
  });

  it('refuses a bad address, the same address, or no password before sending anything', async () => {
    signInForTest({ email: CURRENT });
    const requests = server();
    const { user } = renderWithProviders(<EmailSection userId="client-1" />);
    await screen.findByText(CURRENT);
    const email = screen.getByLabelText(/New email/);
    const submit = screen.getByRole('button', { name: EMAIL_CHANGE_TEXTS.submit });

    await user.type(email, 'not-an-email');
    await user.click(submit);
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();

    await user.clear(email);
    await user.type(email, CURRENT.toUpperCase());
    await user.type(await screen.findByLabelText(/Current password/), 'Velvet-Orchid-4821');
    await user.click(submit);
    expect(await screen.findByText(EMAIL_CHANGE_TEXTS.sameEmail)).toBeTruthy();

    await user.clear(email);
    await user.type(email, NEW);
    await user.clear(screen.getByLabelText(/Current password/));
    await user.click(submit);
    expect(await screen.findByText(SECURITY_TEXTS.currentPasswordRequired)).toBeTruthy();
    expect(posts(requests)).toEqual([]);
  });

  it('asks no password right after a passkey or an emailed sign-in link', async () => {
    signInForTest({ email: CURRENT });
    const requests = server({ fresh: true });
    const { user } = renderWithProviders(<EmailSection userId="client-1" />);
    expect(await screen.findByText(EMAIL_CHANGE_TEXTS.freshProofNote)).toBeTruthy();
    expect(screen.queryByLabelText(/Current password/)).toBeNull();

    await user.type(screen.getByLabelText(/New email/), NEW);
    await user.click(screen.getByRole('button', { name: EMAIL_CHANGE_TEXTS.submit }));
    expect(await screen.findByText(EMAIL_CHANGE_TEXTS.sent(NEW))).toBeTruthy();
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]!.body).toEqual({ new_email: NEW });
  });
});
