import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PushDevicesReply } from '#domain/push.ts';
import { api } from '#web/lib/api-client.ts';

/** GET /api/push/devices: the account's devices (newest first) and its quiet hours. */
export const getPushDevices = () => api<PushDevicesReply>('/api/push/devices', { auth: true });

export const pushDevicesQuery = (userId: string) =>
  queryOptions({
    queryKey: ['account', userId, 'push-devices'] as const,
    queryFn: getPushDevices,
  });

export function usePushDevices(userId: string) {
  return useQuery(pushDevicesQuery(userId));
}
