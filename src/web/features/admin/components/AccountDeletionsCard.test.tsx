import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AccountDeletionsReply } from '#domain/account-data.ts';
import { ADMIN_TEXTS } from '#domain/admin-options.ts';
import { renderWithProviders, signInForTest, stubFetch } from '#web/test/render.tsx';
import { AccountDeletionsCard } from './AccountDeletionsCard';

// An admin's authorised call: a signed-in admin with a token far from expiry.
beforeEach(() => signInForTest({ role: 'admin' }));

const REPLY: AccountDeletionsReply = {
  success: true,
  days: [
    { day: '2026-12-03', client: 2, provider: 1 },
    { day: '2026-11-28', client: 0, provider: 3 },
  ],
  total_30_days: 6,
};

describe('AccountDeletionsCard', () => {
  it('shows deletions per day as counts of clients and providers, and the 30-day total, nothing more', async () => {
    // Whatever else a reply might carry about who they were is never shown.
    const requests = stubFetch((r) =>
      r.path === '/api/admin/account-deletions'
        ? {
            body: {
              ...REPLY,
              days: REPLY.days.map((d) => ({ ...d, email: 'gone@example.com', name: 'Quinn Quietly' })),
            },
          }
        : undefined,
    );
    const { container } = renderWithProviders(<AccountDeletionsCard userId="admin-1" />);
    const table = await screen.findByRole('table', {
      name: `${ADMIN_TEXTS.deletionsTitle}, newest day first`,
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Day', 'Clients', 'Providers']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [
          within(row).getByRole('rowheader').textContent,
          ...within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ]),
    ).toEqual([
      ['2026-12-03', '2', '1'],
      ['2026-11-28', '0', '3'],
    ]);
    expect(
      screen.getByText(`${ADMIN_TEXTS.deletionsDescription} ${ADMIN_TEXTS.deletionsTotal(6)}.`),
    ).toBeTruthy();
    expect(container.textContent).not.toMatch(/gone@example\.com|Quinn/);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/admin/account-deletions']);
  });

  it('says when no account was deleted in the last 30 days', async () => {
    stubFetch((r) =>
      r.path === '/api/admin/account-deletions'
        ? { body: { success: true, days: [], total_30_days: 0 } }
        : undefined,
    );
    renderWithProviders(<AccountDeletionsCard userId="admin-1" />);
    expect(await screen.findByText(ADMIN_TEXTS.deletionsNone)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(
      screen.getByText(`${ADMIN_TEXTS.deletionsDescription} ${ADMIN_TEXTS.deletionsTotal(0)}.`),
    ).toBeTruthy();
  });
});
