import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookingLogsReply } from '#domain/bookings.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { BookingAnalytics } from './BookingAnalytics';

const PROVIDER_ID = 'provider-1';
const MAYA_ID = '27e6c59e-4b1d-4c55-9a3e-2f0d8c1b7a11';
const NAMELESS_ID = '81f0aa12-9c3e-4f7a-b2d4-6e5c1a9b3d22';

const log = (
  id: string,
  clientId: string,
  client: BookingLogsReply['data']['logs'][number]['client'],
  serviceName: string | null = null,
) => ({
  id,
  client_id: clientId,
  client,
  provider_id: PROVIDER_ID,
  url: 'https://book.example.com/rosa',
  service_name: serviceName,
  created_at: '2026-11-30T15:00:00.000000Z',
});

describe('BookingAnalytics', () => {
  it('names each client by first name and last initial, and says plainly when a client gave no name', async () => {
    signInForTest({ id: PROVIDER_ID, user_type: 'provider' });
    stubFetch((r) =>
      r.path.startsWith(`/api/booking-logs?provider_id=${PROVIDER_ID}`)
        ? {
            body: {
              success: true,
              data: {
                logs: [
                  log('l1', MAYA_ID, { first_name: 'Maya', last_initial: 'R' }),
                  log('l2', NAMELESS_ID, null),
                  log('l3', MAYA_ID, { first_name: 'Cher', last_initial: null }, 'Balayage'),
                ],
                total: 3,
                nextCursor: null,
              },
            } satisfies BookingLogsReply,
          }
        : undefined,
    );
    renderWithProviders(<BookingAnalytics providerId={PROVIDER_ID} />);
    const table = await screen.findByRole('table', { name: 'Most recent booking clicks' });
    const clients = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').at(-1)?.textContent);
    expect(clients).toEqual(['Maya R.', 'Client with no name given', 'Cher']);
    // A service's own Book says which service; the profile's Book says nothing more.
    const links = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[1]?.textContent);
    expect(links).toEqual([
      'https://book.example.com/rosa',
      'https://book.example.com/rosa',
      'https://book.example.com/rosaBook for Balayage',
    ]);
    // No bare ids instead of people.
    expect(table.textContent).not.toContain('27e6c59e');
    expect(table.textContent).not.toContain('81f0aa12');
  });
});
