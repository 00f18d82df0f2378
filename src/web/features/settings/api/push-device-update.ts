import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushDeviceReply, PushDevicesReply, PushKindId, UpdatePushDeviceBody } from '#domain/push.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import { pushDevicesQuery } from './push-devices';

/** PATCH /api/push/devices/:id {kinds}: which kinds of notification one device gets. */
export const updatePushDevice = ({ id, kinds }: { id: string } & UpdatePushDeviceBody) =>
  api<PushDeviceReply>(`/api/push/devices/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { kinds } satisfies UpdatePushDeviceBody,
    auth: true,
  });

const withKinds = (reply: PushDevicesReply | undefined, id: string, kinds: PushKindId[]) =>
  reply && { ...reply, devices: reply.devices.map((d) => (d.id === id ? { ...d, kinds } : d)) };

/** One device's kinds, shown at once (optimistic) and put back if the server refuses them. */
export function useUpdatePushDevice(userId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = pushDevicesQuery(userId);
  return useMutation({
    mutationFn: updatePushDevice,
    onMutate: async ({ id, kinds }) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueryData(queryKey)?.devices.find((d) => d.id === id);
      queryClient.setQueryData(queryKey, (reply) => withKinds(reply, id, kinds));
      return { before };
    },
    onError: (error, { id }, context) => {
      // Removed meanwhile (another tab, a logout elsewhere): the list is read again.
      if (error instanceof ApiError && error.status === 404)
        return queryClient.invalidateQueries({ queryKey });
      // Only this device goes back: another one changed meanwhile keeps its new state.
      const before = context?.before;
      if (before) queryClient.setQueryData(queryKey, (reply) => withKinds(reply, id, before.kinds));
    },
    onSuccess: (reply) =>
      queryClient.setQueryData(queryKey, (list) => withKinds(list, reply.device.id, reply.device.kinds)),
  });
}
