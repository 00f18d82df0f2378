import type { InsightPeriod } from '#domain/insights-options.ts';
import { downloadCsv } from '#web/lib/api-client.ts';

/** GET /api/insights/export: the period's figures as a .csv download. */
export async function exportInsightsCsv(providerId: string, days: InsightPeriod): Promise<void> {
  await downloadCsv(
    `/api/insights/export?provider_id=${encodeURIComponent(providerId)}&days=${days}`,
    `glowfind-insights-${days}-days.csv`,
  );
}
