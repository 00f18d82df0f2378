import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MessageReplySchema } from '#domain/auth.ts';
import type { PushDevicesReply } from '#domain/push.ts';
import { PUSH_TEXTS } from '#domain/push-texts.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import { pushDevicesQuery } from './push-devices';
import { setPushOwner, thisPushDeviceQuery } from './push-subscribe';

type MessageReply = z.infer<typeof MessageReplySchema>;

/** DELETE /api/push/devices/:id: the device gets no more notifications. */
export const removePushDevice = (id: string) =>
  api<MessageReply>(`/api/push/devices/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });

/** This browser's subscription with our service worker ends (the push service forgets it). */
async function unsubscribeThisBrowser(): Promise<void> {
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

/**
 * Removes a device; when it is this browser, its subscription ends first, so that a failure on the
 * way leaves no subscription the page would send again on its next load (the server drops the device
 * at its next push, which the push service then refuses).
 */
export async function removeDevice(id: string, isThisDevice: boolean): Promise<MessageReply> {
  if (isThisDevice) {
    await unsubscribeThisBrowser();
    setPushOwner(null);
  }
  try {
    return await removePushDevice(id);
  } catch (error) {
    // Already gone (another tab, a logout elsewhere) is what was asked for.
    if (error instanceof ApiError && error.status === 404)
      return { success: true, message: PUSH_TEXTS.deviceRemoved };
    throw error;
  }
}

/** Removes a device (its Remove button, or 'Turn off on this device'): it leaves the list. */
export function useRemovePushDevice(userId: string) {
  const queryClient = useQueryClient();
  const devicesKey = pushDevicesQuery(userId).queryKey;
  const thisDeviceKey = thisPushDeviceQuery(userId).queryKey;
  const isThisDevice = (id: string) => queryClient.getQueryData(thisDeviceKey)?.device.id === id;
  return useMutation({
    mutationFn: ({ id }: { id: string }) => removeDevice(id, isThisDevice(id)),
    onSuccess: (_reply, { id }) => {
      if (isThisDevice(id)) queryClient.setQueryData(thisDeviceKey, null);
      queryClient.setQueryData<PushDevicesReply>(
        devicesKey,
        (reply) => reply && { ...reply, devices: reply.devices.filter((d) => d.id !== id) },
      );
    },
    // A failure may come after this browser's subscription ended: its state is read again from it.
    onError: (_error, { id }) =>
      isThisDevice(id) ? queryClient.invalidateQueries({ queryKey: thisDeviceKey }) : undefined,
  });
}
