import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PushDevice, QuietHours } from '#domain/push.ts';
import { PUSH_KIND_LABELS, PUSH_TEXTS } from '#domain/push-texts.ts';
import { clearSession } from '#web/lib/session.ts';
import { Toaster } from '#web/lib/toast.tsx';
import { renderWithProviders, type SentRequest, signInForTest, stubFetch } from '#web/test/render.tsx';
import { PushDevicesSection } from './PushDevicesSection';

beforeAll(async () => {
  await import('sonner');
});

afterEach(() => {
  act(() => clearSession());
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

/** A VAPID public key as the server gives it: an uncompressed P-256 point (65 bytes), base64url. */
const KEY_BYTES = Uint8Array.from({ length: 65 }, (_, i) => (i === 0 ? 4 : (i * 37) % 256));
const PUBLIC_KEY = btoa(String.fromCharCode(...KEY_BYTES))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-browser';
const SUBSCRIPTION_JSON = {
  endpoint: ENDPOINT,
  expirationTime: null,
  keys: {
    p256dh: `B${'A'.repeat(86)}`,
    auth: 'QUFBQUFBQUFBQUFBQUFBQQ',
  },
};

const ALL_KINDS = ['opening_alerts', 'saved_search_alerts', 'new_messages'] as const;
const THIS: PushDevice = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Chrome on Windows',
  createdAt: '2026-12-02T10:00:00.000Z',
  lastSuccessAt: null,
  kinds: [...ALL_KINDS],
};
const PHONE: PushDevice = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Safari on iPhone',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSuccessAt: '2026-12-01T18:30:00.000Z',
  kinds: [...ALL_KINDS],
};

/**
 * A browser that can be pushed to, with our service worker registered: Notification (its permission
 * and the prompt's answer), PushManager and navigator.serviceWorker, each recorded.
 */
function stubPushBrowser({
  permission = 'default',
  answer = 'granted',
  subscribed = false,
  owner = 'client-1',
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  /** Whether the browser already has a subscription, turned on by the account `owner`. */
  subscribed?: boolean;
  owner?: string;
} = {}) {
  if (subscribed) localStorage.setItem('glowfind.push-owner', owner);
  const makeSubscription = (key: Uint8Array) => ({
    endpoint: ENDPOINT,
    options: { applicationServerKey: key.slice().buffer, userVisibleOnly: true },
    toJSON: () => SUBSCRIPTION_JSON,
    unsubscribe: vi.fn(async () => {
      current = null;
      return true;
    }),
  });
  let current: ReturnType<typeof makeSubscription> | null = subscribed ? makeSubscription(KEY_BYTES) : null;
  const existing = current;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      current = makeSubscription(options.applicationServerKey);
      return current;
    }),
  };
  const registration = { pushManager };
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  const { requestPermission } = notification;
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve(registration),
      getRegistration: vi.fn(async () => registration),
    },
  });
  return { requestPermission, pushManager, existing };
}

/**
 * The push API as the server answers it: `devices` is the stored list, changed by the writes; the
 * same endpoint posted again is the same device.
 */
function stubPushApi(devices: PushDevice[], { quietHours = null }: { quietHours?: QuietHours | null } = {}) {
  const stored = [...devices];
  const control = { refusePatch: false };
  const requests = stubFetch((r) => {
    if (r.path === '/api/push/public-key') return { body: { success: true, publicKey: PUBLIC_KEY } };
    if (r.path === '/api/push/devices' && r.method === 'GET')
      return { body: { success: true, devices: stored, quietHours } };
    if (r.path === '/api/push/devices' && r.method === 'POST') {
      if (!stored.some((d) => d.id === THIS.id)) stored.unshift(THIS);
      return { status: 201, body: { success: true, message: PUSH_TEXTS.turnedOn, device: THIS } };
    }
    const id = r.path.match(/^\/api\/push\/devices\/(.+)$/)?.[1];
    const index = stored.findIndex((d) => d.id === id);
    if (id && index === -1)
      return {
        status: 404,
        body: { success: false, error: 'NOT_FOUND', message: PUSH_TEXTS.deviceNotFound },
      };
    if (id && r.method === 'PATCH' && control.refusePatch)
      return {
        status: 429,
        body: { success: false, error: 'RATE_LIMITED', message: 'Too many requests. Try again in a minute.' },
      };
    if (id && r.method === 'PATCH') {
      stored[index] = { ...stored[index]!, kinds: (r.body as { kinds: PushDevice['kinds'] }).kinds };
      return { body: { success: true, message: PUSH_TEXTS.kindsSaved, device: stored[index] } };
    }
    if (id && r.method === 'DELETE') {
      stored.splice(index, 1);
      return { body: { success: true, message: PUSH_TEXTS.deviceRemoved } };
    }
    return undefined;
  });
  return { requests, stored, control };
}

const writes = (requests: SentRequest[]) => requests.filter((r) => r.method !== 'GET');

function renderSection() {
  signInForTest();
  const rendered = renderWithProviders(
    <>
      <PushDevicesSection />
      <Toaster theme="light" />
    </>,
  );
  const card = screen.getByRole('region', { name: PUSH_TEXTS.sectionTitle });
  return { ...rendered, card };
}

const deviceItem = (card: HTMLElement, name: string) =>
  within(card)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name))!;

describe('Settings → Notifications on this device', () => {
  it('asks nothing and subscribes nothing until the button is pressed', async () => {
    const browser = stubPushBrowser();
    const { requests } = stubPushApi([PHONE]);
    const { card } = renderSection();
    expect(within(card).getByText(PUSH_TEXTS.intro)).toBeTruthy();
    expect(await within(card).findByText(PUSH_TEXTS.devicesCount(1))).toBeTruthy();
    await waitFor(() =>
      expect(
        (within(card).getByRole('button', { name: PUSH_TEXTS.enable }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(writes(requests)).toEqual([]);
    expect(requests.some((r) => r.path === '/api/push/public-key')).toBe(false);
  });

  it('turns on when pressed: permission, the decoded key, the subscription posted; this device is marked', async () => {
    const browser = stubPushBrowser();
    const { requests } = stubPushApi([PHONE]);
    const { card, user } = renderSection();
    expect(await within(card).findByText(PUSH_TEXTS.devicesCount(1))).toBeTruthy();
    const button = within(card).getByRole('button', { name: PUSH_TEXTS.enable });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);

    expect(await screen.findByText(PUSH_TEXTS.turnedOn)).toBeTruthy();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
    // The prompt comes first, while the press still counts as the person's gesture.
    expect(browser.requestPermission.mock.invocationCallOrder[0]!).toBeLessThan(
      browser.pushManager.subscribe.mock.invocationCallOrder[0]!,
    );
    const options = browser.pushManager.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...KEY_BYTES]);
    expect(writes(requests)).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/push/devices', body: SUBSCRIPTION_JSON }),
    ]);
    expect(requests.find((r) => r.method === 'POST')!.headers.authorization).toBe('Bearer test-access-token');

    // The list is the server's again: two devices, this one marked.
    expect(await within(card).findByText(PUSH_TEXTS.devicesCount(2))).toBeTruthy();
    expect(within(deviceItem(card, THIS.name)).getByText(PUSH_TEXTS.thisDevice)).toBeTruthy();
    expect(within(deviceItem(card, PHONE.name)).queryByText(PUSH_TEXTS.thisDevice)).toBeNull();
    expect(within(card).getByText(PUSH_TEXTS.enabled)).toBeTruthy();
    expect(within(card).getByRole('button', { name: PUSH_TEXTS.disable })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: PUSH_TEXTS.enable })).toBeNull();
    // The next load sends this browser's subscription again for this account only.
    expect(localStorage.getItem('glowfind.push-owner')).toBe('client-1');
  });

  it('says notifications are blocked when the person blocks them, and subscribes nothing', async () => {
    const browser = stubPushBrowser({ answer: 'denied' });
    const { requests } = stubPushApi([]);
    const { card, user } = renderSection();
    expect(await within(card).findByText(PUSH_TEXTS.noDevices)).toBeTruthy();
    expect(within(card).queryByText(PUSH_TEXTS.denied)).toBeNull();
    const button = within(card).getByRole('button', { name: PUSH_TEXTS.enable });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    expect(await within(card).findByText(PUSH_TEXTS.denied)).toBeTruthy();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(writes(requests)).toEqual([]);
  });

  it('says so on load when notifications were blocked before', async () => {
    stubPushBrowser({ permission: 'denied' });
    stubPushApi([]);
    const { card } = renderSection();
    expect(await within(card).findByText(PUSH_TEXTS.denied)).toBeTruthy();
  });

  it('explains a browser that cannot be notified, and still lists the other devices', async () => {
    const { requests } = stubPushApi([PHONE]);
    const { card } = renderSection();
    expect(within(card).getByText(PUSH_TEXTS.unsupported)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: PUSH_TEXTS.enable })).toBeNull();
    expect(await within(card).findByText(PUSH_TEXTS.devicesCount(1))).toBeTruthy();
    expect(deviceItem(card, PHONE.name)).toBeTruthy();
    expect(writes(requests)).toEqual([]);
  });

  it('sends a subscription the browser already has again on load, marks it, and turns it off', async () => {
    const browser = stubPushBrowser({ permission: 'granted', subscribed: true });
    const { requests, stored } = stubPushApi([PHONE, { ...THIS, kinds: ['new_messages'] }]);
    const { card, user } = renderSection();
    expect(await within(card).findByText(PUSH_TEXTS.enabled)).toBeTruthy();
    await waitFor(() =>
      expect(within(deviceItem(card, THIS.name)).getByText(PUSH_TEXTS.thisDevice)).toBeTruthy(),
    );
    expect(writes(requests)).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/push/devices', body: SUBSCRIPTION_JSON }),
    ]);
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();

    await user.click(within(card).getByRole('button', { name: PUSH_TEXTS.disable }));
    expect(await screen.findByText(PUSH_TEXTS.turnedOff)).toBeTruthy();
    expect(browser.existing!.unsubscribe).toHaveBeenCalledTimes(1);
    expect(writes(requests).at(-1)).toEqual(
      expect.objectContaining({ method: 'DELETE', path: `/api/push/devices/${THIS.id}` }),
    );
    expect(stored.map((d) => d.id)).toEqual([PHONE.id]);
    expect(await within(card).findByRole('button', { name: PUSH_TEXTS.enable })).toBeTruthy();
    expect(within(card).getByText(PUSH_TEXTS.devicesCount(1))).toBeTruthy();
    expect(localStorage.getItem('glowfind.push-owner')).toBeNull();
  });

  it('does not send on load a subscription someone else turned on in this browser', async () => {
    const browser = stubPushBrowser({ permission: 'granted', subscribed: true, owner: 'someone-else' });
    const { requests } = stubPushApi([PHONE]);
    const { card, user } = renderSection();
    expect(await within(card).findByText(PUSH_TEXTS.devicesCount(1))).toBeTruthy();
    const button = within(card).getByRole('button', { name: PUSH_TEXTS.enable });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(writes(requests)).toEqual([]);

    // Pressed, the browser's subscription is this account's: no new one is made.
    await user.click(button);
    expect(await within(card).findByText(PUSH_TEXTS.enabled)).toBeTruthy();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(writes(requests)).toEqual([
      expect.objectContaining({ method: 'POST', path: '/api/push/devices', body: SUBSCRIPTION_JSON }),
    ]);
    expect(localStorage.getItem('glowfind.push-owner')).toBe('client-1');
  });

  it('changes what one device gets, and puts the box back when the server refuses', async () => {
    stubPushBrowser();
    const { requests, stored, control } = stubPushApi([PHONE]);
    const { card, user } = renderSection();
    await within(card).findByText(PUSH_TEXTS.devicesCount(1));
    const item = deviceItem(card, PHONE.name);
    const added = new Date(PHONE.createdAt).toLocaleDateString(undefined, { dateStyle: 'medium' });
    expect(item.textContent).toContain(PUSH_TEXTS.addedOn(added));
    expect(item.textContent).toContain('Last notification');
    const messages = within(item).getByRole('checkbox', { name: PUSH_KIND_LABELS.new_messages });
    expect((messages as HTMLInputElement).checked).toBe(true);

    await user.click(messages);
    expect(await screen.findByText(PUSH_TEXTS.kindsSaved)).toBeTruthy();
    expect(writes(requests).map((r) => [r.method, r.path, r.body])).toEqual([
      ['PATCH', `/api/push/devices/${PHONE.id}`, { kinds: ['opening_alerts', 'saved_search_alerts'] }],
    ]);
    expect(stored[0]!.kinds).toEqual(['opening_alerts', 'saved_search_alerts']);
    expect((messages as HTMLInputElement).checked).toBe(false);

    control.refusePatch = true;
    const openings = within(item).getByRole('checkbox', { name: PUSH_KIND_LABELS.opening_alerts });
    await user.click(openings);
    expect(await screen.findByText('Too many requests. Try again in a minute.')).toBeTruthy();
    await waitFor(() => expect((openings as HTMLInputElement).checked).toBe(true));
    expect(writes(requests)).toHaveLength(2);
    expect(stored[0]!.kinds).toEqual(['opening_alerts', 'saved_search_alerts']);
  });

  it('removes another device without touching this browser’s subscription', async () => {
    const browser = stubPushBrowser({ permission: 'granted', subscribed: true });
    const { requests, stored } = stubPushApi([THIS, PHONE]);
    const { card, user } = renderSection();
    expect(await within(card).findByText(PUSH_TEXTS.enabled)).toBeTruthy();
    expect(within(card).getByText(PUSH_TEXTS.devicesCount(2))).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: PUSH_TEXTS.removeDeviceLabel(PHONE.name) }));
    expect(await screen.findByText(PUSH_TEXTS.deviceRemoved)).toBeTruthy();
    expect(within(card).getByText(PUSH_TEXTS.devicesCount(1))).toBeTruthy();
    expect(within(card).queryByText(PHONE.name)).toBeNull();
    expect(writes(requests).at(-1)).toEqual(
      expect.objectContaining({ method: 'DELETE', path: `/api/push/devices/${PHONE.id}` }),
    );
    expect(stored.map((d) => d.id)).toEqual([THIS.id]);
    expect(browser.existing!.unsubscribe).not.toHaveBeenCalled();
    expect(within(card).getByText(PUSH_TEXTS.enabled)).toBeTruthy();
  });

  it('removing this device from the list also ends the browser’s subscription', async () => {
    const browser = stubPushBrowser({ permission: 'granted', subscribed: true });
    const { stored } = stubPushApi([THIS, PHONE]);
    const { card, user } = renderSection();
    expect(await within(card).findByText(PUSH_TEXTS.enabled)).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: PUSH_TEXTS.removeDeviceLabel(THIS.name) }));
    expect(await screen.findByText(PUSH_TEXTS.turnedOff)).toBeTruthy();
    expect(browser.existing!.unsubscribe).toHaveBeenCalledTimes(1);
    expect(stored.map((d) => d.id)).toEqual([PHONE.id]);
    expect(await within(card).findByRole('button', { name: PUSH_TEXTS.enable })).toBeTruthy();
    expect(within(card).getByText(PUSH_TEXTS.devicesCount(1))).toBeTruthy();
  });
});
