import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QuietHours } from '#domain/push.ts';
import { PUSH_TEXTS } from '#domain/push-texts.ts';
import { clearSession } from '#web/lib/session.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { QuietHoursForm } from './QuietHoursForm';

beforeAll(async () => {
  await import('sonner');
});

afterEach(() => {
  act(() => clearSession());
});

const PATH = '/api/push/quiet-hours';
const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** PUT /api/push/quiet-hours as the server answers it: what was sent, and the message for it. */
function stubQuietHours() {
  return stubFetch((r) => {
    if (r.path !== PATH || r.method !== 'PUT') return undefined;
    const { quietHours } = r.body as { quietHours: QuietHours | null };
    return {
      body: {
        success: true,
        message: quietHours ? PUSH_TEXTS.quietSaved : PUSH_TEXTS.quietOff,
        quietHours,
      },
    };
  });
}

function renderForm(saved: QuietHours | null) {
  signInForTest();
  const rendered = renderWithProviders(
    <>
      <QuietHoursForm userId="client-1" saved={saved} />
      <Toaster theme="light" />
    </>,
  );
  const form = screen.getByRole('form', { name: PUSH_TEXTS.quietTitle });
  return {
    ...rendered,
    form,
    isOn: within(form).getByRole('checkbox', { name: PUSH_TEXTS.quietOn }) as HTMLInputElement,
    from: within(form).getByLabelText(PUSH_TEXTS.quietFrom) as HTMLInputElement,
    until: within(form).getByLabelText(PUSH_TEXTS.quietUntil) as HTMLInputElement,
    save: within(form).getByRole('button', { name: 'Save quiet hours' }),
  };
}

describe('Settings → Quiet hours', () => {
  it('shows the browser’s time zone; the times are off until “Use quiet hours” is checked', () => {
    stubQuietHours();
    const { form, isOn, from, until } = renderForm(null);
    expect(within(form).getByText(PUSH_TEXTS.quietZone(ZONE))).toBeTruthy();
    expect(isOn.checked).toBe(false);
    expect(from.type).toBe('time');
    expect(until.type).toBe('time');
    expect(from.disabled).toBe(true);
    expect(until.disabled).toBe(true);
  });

  it('checks the times with the server’s schema and shows its messages under the fields', async () => {
    const requests = stubQuietHours();
    const { form, isOn, from, until, save, user } = renderForm(null);
    await user.click(isOn);
    expect(from.disabled).toBe(false);

    fireEvent.change(from, { target: { value: '23:00' } });
    fireEvent.change(until, { target: { value: '23:00' } });
    await user.click(save);
    expect(await within(form).findByText(PUSH_TEXTS.quietSame)).toBeTruthy();
    expect(until.getAttribute('aria-invalid')).toBe('true');
    expect(from.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(from, { target: { value: '' } });
    fireEvent.change(until, { target: { value: '06:30' } });
    await user.click(save);
    expect(await within(form).findByText(PUSH_TEXTS.quietTime)).toBeTruthy();
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).queryByText(PUSH_TEXTS.quietSame)).toBeNull();
    expect(requests).toEqual([]);
  });

  it('saves the times with the browser’s time zone', async () => {
    const requests = stubQuietHours();
    const { isOn, from, until, save, user } = renderForm(null);
    await user.click(isOn);
    fireEvent.change(from, { target: { value: '23:00' } });
    fireEvent.change(until, { target: { value: '06:30' } });
    await user.click(save);
    expect(await screen.findByText(PUSH_TEXTS.quietSaved)).toBeTruthy();
    expect(requests.map((r) => [r.method, r.path, r.body])).toEqual([
      ['PUT', PATH, { quietHours: { start: '23:00', end: '06:30', timeZone: ZONE } }],
    ]);
  });

  it('turns them off: unchecked and saved, null is sent', async () => {
    const requests = stubQuietHours();
    const { isOn, from, until, save, user } = renderForm({ start: '21:30', end: '08:00', timeZone: ZONE });
    expect(isOn.checked).toBe(true);
    expect(from.value).toBe('21:30');
    expect(until.value).toBe('08:00');
    await user.click(isOn);
    await user.click(save);
    expect(await screen.findByText(PUSH_TEXTS.quietOff)).toBeTruthy();
    expect(requests.map((r) => r.body)).toEqual([{ quietHours: null }]);
  });

  it('keeps the times when the server refuses, with its message', async () => {
    stubFetch((r) =>
      r.path === PATH
        ? {
            status: 429,
            body: {
              success: false,
              error: 'RATE_LIMITED',
              message: 'Too many requests. Try again in a minute.',
            },
          }
        : undefined,
    );
    const { isOn, from, save, user } = renderForm(null);
    await user.click(isOn);
    fireEvent.change(from, { target: { value: '20:00' } });
    await user.click(save);
    expect(await screen.findByText('Too many requests. Try again in a minute.')).toBeTruthy();
    await waitFor(() => expect(from.value).toBe('20:00'));
    expect(isOn.checked).toBe(true);
  });
});
