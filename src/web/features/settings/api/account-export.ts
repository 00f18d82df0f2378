import { useMutation } from '@tanstack/react-query';
import { exportFileName } from '#domain/account-data-texts.ts';
import { downloadCsv } from '#web/lib/api-client.ts';

/**
 * GET /api/account/export: the person's data file, handed to the browser's downloads under the
 * server's name (glowfind-data-<day>.json). The same authorised download as the CSV exports.
 */
export const downloadAccountData = () =>
  downloadCsv('/api/account/export', exportFileName(new Date().toISOString().slice(0, 10)), {
    Accept: 'application/json',
  });

export function useDownloadAccountData() {
  return useMutation({ mutationFn: downloadAccountData });
}
