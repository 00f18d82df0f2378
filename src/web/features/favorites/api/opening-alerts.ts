import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

interface AlertsReply {
  success: true;
  enabled: boolean;
}

/** GET /api/opening-alerts: does this user get an email when a saved provider posts openings? */
export const getOpeningAlerts = () => api<AlertsReply>('/api/opening-alerts', { auth: true });

/** PUT /api/opening-alerts {enabled}. */
export const setOpeningAlerts = (enabled: boolean) =>
  api<AlertsReply>('/api/opening-alerts', { method: 'PUT', body: { enabled }, auth: true });

/** POST /api/opening-alerts/unsubscribe {token}: the one-click link from an alert email (no login). */
export const unsubscribeFromAlerts = (token: string) =>
  api<{ success: true; message: string }>('/api/opening-alerts/unsubscribe', { body: { token } });

export const openingAlertsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['opening-alerts', userId] as const,
    queryFn: async () => (await getOpeningAlerts()).enabled,
  });

export function useOpeningAlerts(userId: string) {
  return useQuery(openingAlertsQuery(userId));
}

export function useSetOpeningAlerts(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOpeningAlerts,
    onSuccess: (reply) => queryClient.setQueryData(openingAlertsQuery(userId).queryKey, reply.enabled),
  });
}
