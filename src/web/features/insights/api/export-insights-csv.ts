import type { InsightPeriod } from '#domain/insights-options.ts';
import { ApiError, refreshSession } from '#web/lib/api-client.ts';
import { betaHeaders } from '#web/lib/beta-gate.ts';
import { getSession, needsRefresh } from '#web/lib/session.ts';

/**
 * GET /api/insights/export: the period's figures as a .csv download. The reply is CSV, not JSON,
 * so this reads it itself (with the bearer token `api` would send); a failure is an ApiError.
 */
export async function exportInsightsCsv(providerId: string, days: InsightPeriod): Promise<void> {
  let session = getSession();
  if (!session) throw new ApiError('UNAUTHORIZED', 401, 'No authentication token available');
  if (needsRefresh(session)) session = (await refreshSession()) ?? session;
  const response = await fetch(
    `/api/insights/export?provider_id=${encodeURIComponent(providerId)}&days=${days}`,
    {
      headers: { Accept: 'text/csv', Authorization: `Bearer ${session.access_token}`, ...betaHeaders() },
      credentials: 'same-origin',
    },
  );
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { error?: string; message?: string } | null;
    throw new ApiError(
      data?.error ?? 'HTTP_ERROR',
      response.status,
      data?.message ?? `HTTP error! status: ${response.status}`,
    );
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    `glowfind-insights-${days}-days.csv`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
