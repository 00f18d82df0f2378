import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDevice, PushDeviceReply, PushDevicesReply, PushSubscriptionBody } from '#domain/push.ts';
import { api } from '#web/lib/api-client.ts';
import { pushDevicesQuery } from './push-devices';
import { decodeBase64Url, pushPublicKeyQuery } from './push-public-key';

/** POST /api/push/devices: the browser's PushSubscription.toJSON(); the same endpoint again is the same device. */
export const subscribePushDevice = (body: PushSubscriptionBody) =>
  api<PushDeviceReply>('/api/push/devices', { body, auth: true });

/** Whether this browser can be pushed to at all (checked when shown: settings are never rendered on the server). */
export const browserHasPush = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** Why a subscription could not be made: the person blocked notifications, or something else failed. */
export class PushBlockedError extends Error {
  override name = 'PushBlockedError';
}

/** How long turning on waits for the service worker before giving up (it installs on the first load). */
const WORKER_WAIT_MS = 10_000;

function readyWorker(): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('No service worker')), WORKER_WAIT_MS);
    void navigator.serviceWorker.ready.then((registration) => {
      clearTimeout(timer);
      resolve(registration);
    }, reject);
  });
}

/** The subscription this browser already has with our service worker, if any (never asks the person). */
async function existingSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/** What this browser is to the account: the device its subscription is (null when it has none). */
export interface ThisPushDevice {
  device: PushDevice;
}

/**
 * Who turned notifications on in this browser (an account id). The browser's subscription outlives a
 * logout: someone else signing in here must press the button themselves before this browser shows
 * their notifications.
 */
const OWNER_KEY = 'glowfind.push-owner';

export function setPushOwner(userId: string | null): void {
  if (userId) localStorage.setItem(OWNER_KEY, userId);
  else localStorage.removeItem(OWNER_KEY);
}

/**
 * This browser's device, on load: a subscription it already has, turned on by this account, is sent
 * again (an upsert, not a new subscription, so allowed without a press), which gives its device id
 * for 'This device' and hands the server fresh keys.
 */
export async function findThisPushDevice(userId: string): Promise<ThisPushDevice | null> {
  if (!browserHasPush() || Notification.permission !== 'granted') return null;
  if (localStorage.getItem(OWNER_KEY) !== userId) return null;
  const subscription = await existingSubscription();
  if (!subscription) return null;
  const { device } = await subscribePushDevice(subscription.toJSON() as PushSubscriptionBody);
  return { device };
}

export const thisPushDeviceQuery = (userId: string) =>
  queryOptions({
    queryKey: ['account', userId, 'push-this-device'] as const,
    queryFn: () => findThisPushDevice(userId),
    // Once per page: the subscription changes only through this page's own buttons.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useThisPushDevice(userId: string) {
  return useQuery(thisPushDeviceQuery(userId));
}

/**
 * Turns notifications on for this browser, only ever after a press: the permission prompt first
 * (browsers allow it only in answer to a gesture), then the service worker, the server's key and the
 * push service's subscription, then the subscription to the server.
 */
export async function turnOnPush(readKey: () => Promise<string>): Promise<ThisPushDevice> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushBlockedError(permission);
  const registration = await readyWorker();
  const key = decodeBase64Url(await readKey());
  let subscription = await registration.pushManager.getSubscription();
  // One made with another key (the server's keys were replaced) cannot be pushed to: it is replaced.
  if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  const { device } = await subscribePushDevice(subscription.toJSON() as PushSubscriptionBody);
  return { device };
}

/** 'Notify me on this device': this device is marked, put in the list, and the list read again. */
export function useTurnOnPush(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => turnOnPush(() => queryClient.fetchQuery(pushPublicKeyQuery())),
    onSuccess: (thisDevice) => {
      setPushOwner(userId);
      queryClient.setQueryData(thisPushDeviceQuery(userId).queryKey, thisDevice);
      queryClient.setQueryData<PushDevicesReply>(pushDevicesQuery(userId).queryKey, (reply) =>
        reply && !reply.devices.some((d) => d.id === thisDevice.device.id)
          ? { ...reply, devices: [thisDevice.device, ...reply.devices] }
          : reply,
      );
      return queryClient.invalidateQueries({ queryKey: pushDevicesQuery(userId).queryKey });
    },
  });
}
