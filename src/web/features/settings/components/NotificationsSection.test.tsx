import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  NOTIFICATION_KIND_IDS,
  NOTIFICATION_KINDS,
  NOTIFICATION_TEXTS,
  type NotificationSetting,
  notificationKind,
  SWITCHABLE_NOTIFICATION_KINDS,
} from '#domain/notifications.ts';
import { clearSession } from '#web/lib/session.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { NotificationsSection } from './NotificationsSection';

afterEach(() => {
  act(() => clearSession());
});

const PATH = '/api/account/notifications';

/** The server's list: every switchable kind on by each of its channels, except those named ('kind' or 'kind:channel'). */
const settings = (off: string[] = []): NotificationSetting[] =>
  NOTIFICATION_KIND_IDS.map((kind) => {
    const switchable = (SWITCHABLE_NOTIFICATION_KINDS as readonly string[]).includes(kind);
    return {
      kind,
      switchable,
      channels: notificationKind(kind).channels.map((channel) => ({
        channel,
        enabled: !switchable || !(off.includes(kind) || off.includes(`${kind}:${channel}`)),
      })),
    };
  });

const switchFor = (label: string) => screen.getByRole('switch', { name: `${label} by email` });

describe('NotificationsSection', () => {
  it('lists every kind: a switch per channel for those that can be turned off, "Always on" for the others', async () => {
    stubFetch((r) =>
      r.path === PATH ? { body: { success: true, kinds: settings(['product_news']) } } : undefined,
    );
    signInForTest();
    renderWithProviders(<NotificationsSection />);
    const section = await screen.findByRole('region', { name: NOTIFICATION_TEXTS.title });
    await within(section).findByRole('table');
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(NOTIFICATION_KINDS.length);
    for (const kind of NOTIFICATION_KINDS) {
      const row = within(section)
        .getByRole('rowheader', { name: new RegExp(kind.label) })
        .closest('tr')!;
      if (kind.switchable) {
        const toggle = within(row).getByRole('switch', { name: `${kind.label} by email` });
        expect(toggle.getAttribute('aria-checked')).toBe(kind.id === 'product_news' ? 'false' : 'true');
        // Its description is its accessible description.
        expect(document.getElementById(toggle.getAttribute('aria-describedby')!)!.textContent).toContain(
          kind.description,
        );
      } else {
        expect(within(row).queryByRole('switch')).toBeNull();
        expect(within(row).getByText(NOTIFICATION_TEXTS.alwaysOn)).toBeTruthy();
      }
    }
    // Messages live in the inbox now: their emails have a switch like the other notices.
    expect(switchFor(notificationKind('new_messages').label).getAttribute('aria-checked')).toBe('true');
  });

  it('has a Push column: a switch for the kinds sent by push, none for the kinds sent only by email', async () => {
    stubFetch((r) =>
      r.path === PATH
        ? { body: { success: true, kinds: settings(['saved_search_alerts:push']) } }
        : undefined,
    );
    signInForTest();
    renderWithProviders(<NotificationsSection />);
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Message', 'Email', 'Push']);
    for (const kind of NOTIFICATION_KINDS) {
      const row = within(table)
        .getByRole('rowheader', { name: new RegExp(kind.label) })
        .closest('tr')!;
      const push = within(row).queryByRole('switch', { name: `${kind.label} by push` });
      if (kind.channels.includes('push')) {
        expect(push!.getAttribute('aria-checked')).toBe(kind.id === 'saved_search_alerts' ? 'false' : 'true');
        // The email switch of the same kind is its own.
        expect(switchFor(kind.label).getAttribute('aria-checked')).toBe('true');
      } else {
        expect(push).toBeNull();
        expect(row.cells[2]!.textContent).toContain('Not sent by push');
      }
    }
    // It points to where the devices are turned on.
    expect(screen.getByRole('link', { name: 'the devices you turn them on for' }).getAttribute('href')).toBe(
      '#devices',
    );
  });

  it('turns a kind off by push alone', async () => {
    const requests = stubFetch((r) => {
      if (r.path === PATH && r.method === 'GET') return { body: { success: true, kinds: settings() } };
      if (r.path === PATH && r.method === 'PUT')
        return {
          body: {
            success: true,
            message: 'Messages by push off',
            setting: {
              kind: 'new_messages',
              switchable: true,
              channels: [
                { channel: 'email', enabled: true },
                { channel: 'push', enabled: false },
              ],
            },
          },
        };
      return undefined;
    });
    signInForTest();
    const { user } = renderWithProviders(<NotificationsSection />);
    const push = await screen.findByRole('switch', { name: 'Messages by push' });
    await user.click(push);
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      kind: 'new_messages',
      channel: 'push',
      enabled: false,
    });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Messages by push' }).getAttribute('aria-checked')).toBe(
        'false',
      ),
    );
    expect(switchFor('Messages').getAttribute('aria-checked')).toBe('true');
  });

  it('turns one switch off through the API and keeps it off', async () => {
    const requests = stubFetch((r) => {
      if (r.path === PATH && r.method === 'GET') return { body: { success: true, kinds: settings() } };
      if (r.path === PATH && r.method === 'PUT')
        return {
          body: {
            success: true,
            message: 'New reviews by email off',
            setting: {
              kind: 'review_notices',
              switchable: true,
              channels: [{ channel: 'email', enabled: false }],
            },
          },
        };
      return undefined;
    });
    signInForTest({ user_type: 'provider' });
    const { user } = renderWithProviders(<NotificationsSection />);
    const label = notificationKind('review_notices').label;
    await user.click(await screen.findByRole('switch', { name: `${label} by email` }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      kind: 'review_notices',
      channel: 'email',
      enabled: false,
    });
    await waitFor(() => expect(switchFor(label).getAttribute('aria-checked')).toBe('false'));
    // The other switches are untouched.
    expect(switchFor(notificationKind('review_replies').label).getAttribute('aria-checked')).toBe('true');
  });

  it('puts the switch back when the server refuses the change', async () => {
    stubFetch((r) => {
      if (r.path === PATH && r.method === 'GET') return { body: { success: true, kinds: settings() } };
      if (r.path === PATH && r.method === 'PUT')
        return {
          status: 429,
          body: {
            success: false,
            error: 'RATE_LIMITED',
            message: 'Too many requests. Try again in a minute.',
          },
        };
      return undefined;
    });
    signInForTest();
    const { user } = renderWithProviders(<NotificationsSection />);
    const label = notificationKind('product_news').label;
    await user.click(await screen.findByRole('switch', { name: `${label} by email` }));
    await waitFor(() => expect(switchFor(label).getAttribute('aria-checked')).toBe('true'));
  });

  it('makes the account page’s opening-alerts switch read again after changing opening alerts', async () => {
    stubFetch((r) => {
      if (r.path === PATH && r.method === 'GET') return { body: { success: true, kinds: settings() } };
      if (r.path === PATH && r.method === 'PUT')
        return {
          body: {
            success: true,
            message: 'Opening alerts by email off',
            setting: {
              kind: 'opening_alerts',
              switchable: true,
              channels: [{ channel: 'email', enabled: false }],
            },
          },
        };
      return undefined;
    });
    signInForTest();
    const { user, queryClient } = renderWithProviders(<NotificationsSection />);
    const openingAlertsKey = ['opening-alerts', 'client-1'];
    queryClient.setQueryData(openingAlertsKey, true);
    await user.click(await screen.findByRole('switch', { name: 'Opening alerts by email' }));
    await waitFor(() => expect(queryClient.getQueryState(openingAlertsKey)?.isInvalidated).toBe(true));
    expect(switchFor('Opening alerts').getAttribute('aria-checked')).toBe('false');
  });

  it('offers a retry when the list does not load', async () => {
    let fail = true;
    stubFetch((r) =>
      r.path === PATH
        ? fail
          ? {
              status: 500,
              body: { success: false, error: 'INTERNAL_ERROR', message: 'Something went wrong' },
            }
          : { body: { success: true, kinds: settings() } }
        : undefined,
    );
    signInForTest();
    const { user } = renderWithProviders(<NotificationsSection />);
    expect(await screen.findByText(NOTIFICATION_TEXTS.loadFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByRole('switch', { name: 'Opening alerts by email' })).toBeTruthy();
  });

  it('renders nothing signed out', () => {
    const { container } = renderWithProviders(<NotificationsSection />);
    expect(container.textContent).toBe('');
  });
});
