/// <reference lib="dom" />
/// <reference lib="webworker" />
// page.evaluate and serviceWorker.evaluate callbacks run in the browser.
import type { Page } from '@playwright/test';
import { PUSH_NOTIFICATION_TEXTS } from '../src/domain/push-texts';
import { PushService } from '../src/server/test/push-service';
import { bearer, createBookableProvider, createVerifiedAccount, expect, signInWith, test } from './fixtures';

/*
 * A push notification from the post to the click: a client follows a provider and turns
 * notifications on for this browser; the provider posts an opening; the server's push (as the test's
 * push service received and decrypted it) goes to the page's service worker, which shows it; a click
 * opens the opening on the provider's page and counts as a notification open in the provider's
 * insights.
 *
 * Headless Chromium cannot subscribe with a real push service (no network here), so the device is
 * the test push service's subscription, sent to POST /api/push/devices from the page as the settings
 * page sends the browser's own; the payload is handed to the worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage), the path a real push takes from there on.
 */

interface Shown {
  title: string;
  body: string;
  tag: string;
  data: { url: string; open?: string };
}

/** The page's service worker is active and controls it. */
async function controlledBy(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}

test('a followed provider posts an opening: the push shows, and its click opens the opening and counts as an open', async ({
  page,
  context,
  request,
  mail,
  baseURL,
}) => {
  const pushService = new PushService();
  await pushService.start();
  try {
    const keyReply = await request.get('/api/push/public-key');
    expect(keyReply.status()).toBe(200);
    // Every push must be signed with the server's own VAPID key.
    pushService.expectVapidKey(((await keyReply.json()) as { publicKey: string }).publicKey);

    const tag = Date.now().toString(36);
    const provider = await createBookableProvider(request, mail, `Orla Lash Studio ${tag}`, {
      booking_link: 'https://booking.example.com/orla',
    });
    const client = await createVerifiedAccount(
      request,
      mail,
      { user_type: 'client', name: 'Pia Push' },
      'push-client',
    );
    const saved = await request.post('/api/favorites', {
      headers: bearer(client),
      data: { providerId: provider.id },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    // The client's browser: signed in, the service worker in charge, notifications allowed.
    await context.grantPermissions(['notifications'], { origin: baseURL });
    const session = await signInWith(page, client);
    await page.goto('/');
    await controlledBy(page);
    const subscription = await pushService.createSubscription();
    const device = await page.evaluate(
      async ([token, body]) => {
        const res = await fetch('/api/push/devices', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, json: await res.json() };
      },
      [session.access_token, subscription] as const,
    );
    expect(device.status, JSON.stringify(device.json)).toBe(201);

    // The worker's registration, as DevTools addresses it.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');

    // The provider posts; the server pushes to the follower's device.
    const start = new Date(Date.now() + 3 * 3_600_000);
    start.setUTCMinutes(0, 0, 0);
    const end = new Date(start.getTime() + 3_600_000);
    const posted = await request.post('/api/last-minute-openings', {
      headers: bearer(provider),
      data: {
        service_type: `Lash lift ${tag}`,
        start_time: start.toISOString(),
        end_time: end.toISOString(),
        price: '$45',
      },
    });
    expect(posted.status(), await posted.text()).toBe(200);
    const openingId = ((await posted.json()) as { opening: { id: string } }).opening.id;
    const received = await pushService.waitFor((p) => p.endpoint === subscription.endpoint, 30_000);
    const payload = received.json() as {
      kind: string;
      title: string;
      body: string;
      url: string;
      tag: string;
      open: string;
    };
    const openingPath = `/${provider.slug}#opening-${openingId}`;
    expect(payload).toMatchObject({
      v: 1,
      kind: 'opening_alerts',
      title: PUSH_NOTIFICATION_TEXTS.openingTitle(provider.name),
      url: openingPath,
      tag: `opening-${openingId}`,
    });
    expect(payload.body).toContain(`Lash lift ${tag}`);
    expect(payload.body).toContain('$45');
    expect(typeof payload.open).toBe('string');

    // That very payload, delivered to the worker: it shows the notification.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL!,
      registrationId: await registrationId,
      data: received.payload,
    });
    const worker = context.serviceWorkers().find((w) => w.url() === `${baseURL}/sw.js`);
    if (!worker) throw new Error('no service worker in the context');
    const shown = () =>
      worker.evaluate(async () =>
        (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map(
          (n): Shown => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }),
        ),
      );
    await expect.poll(shown).toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: payload.tag,
        data: { url: `${baseURL}${openingPath}`, open: payload.open },
      },
    ]);

    // The click, as the worker's notificationclick runs it: the open tab goes to the opening.
    // A phone: the opening is below the first screen of the provider's page.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/help');
    await worker.evaluate(async (notificationTag) => {
      const scope = self as unknown as ServiceWorkerGlobalScope & {
        handleNotificationClick(n: Notification): Promise<void>;
      };
      const [notification] = await scope.registration.getNotifications({ tag: notificationTag });
      if (!notification) throw new Error('the notification is not shown');
      await scope.handleNotificationClick(notification);
    }, payload.tag);
    await expect(page).toHaveURL(`${baseURL}${openingPath}`);
    await expect(page.getByRole('heading', { level: 1, name: provider.name })).toBeVisible();
    const opening = page.locator(`#opening-${openingId}`);
    await expect(opening).toHaveRole('article');
    await expect(opening).toHaveAccessibleName(`Lash lift ${tag}`);
    expect(await opening.evaluate((el) => el.matches(':target'))).toBe(true);
    await expect(opening).toBeVisible();
    // Scrolled to, below the first screen: the person sees the opening, not the top of the page.
    await expect(opening).toBeInViewport();
    // Clicked, it is gone from the list.
    await expect.poll(shown).toEqual([]);

    // The click told the server (POST /api/push/opened): the provider's insights count one open.
    await expect
      .poll(async () => {
        const res = await request.get(`/api/insights?provider_id=${provider.id}&days=7`, {
          headers: bearer(provider),
        });
        expect(res.status()).toBe(200);
        return ((await res.json()) as { insights: { totals: { push_opens: number } } }).insights.totals
          .push_opens;
      })
      .toBe(1);
  } finally {
    await pushService.stop();
  }
});
