import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '#web/test/render.tsx';
import { TableToolbar } from './TableToolbar';

const setup = (total: number | null = 3) => {
  const onRangeChange = vi.fn();
  const onExport = vi.fn(async () => ({ rows: 3, truncated: false }));
  const view = renderWithProviders(
    <TableToolbar
      name="Submissions"
      range={{}}
      onRangeChange={onRangeChange}
      total={total}
      onExport={onExport}
    />,
  );
  return { ...view, onRangeChange, onExport };
};

describe('TableToolbar', () => {
  it('applies a date range checked by the shared schema', async () => {
    const { user, onRangeChange } = setup();
    await user.type(screen.getByLabelText('From (UTC)'), '2024-03-01');
    await user.type(screen.getByLabelText('To (UTC)'), '2024-03-31');
    await user.click(screen.getByRole('button', { name: 'Apply dates' }));
    expect(onRangeChange).toHaveBeenCalledWith({ from: '2024-03-01', to: '2024-03-31' });
  });

  it("refuses a 'to' before 'from' on the 'to' field, and sends nothing", async () => {
    const { user, onRangeChange } = setup();
    await user.type(screen.getByLabelText('From (UTC)'), '2024-03-31');
    await user.type(screen.getByLabelText('To (UTC)'), '2024-03-01');
    await user.click(screen.getByRole('button', { name: 'Apply dates' }));
    expect(screen.getByText("The 'to' date must be on or after the 'from' date")).toBeTruthy();
    expect(screen.getByLabelText('To (UTC)').getAttribute('aria-invalid')).toBe('true');
    expect(onRangeChange).not.toHaveBeenCalled();
  });

  it('exports, and says up front when more rows match than an export holds', async () => {
    const { user, onExport } = setup(12_345);
    expect(screen.getByText(/12,345 rows match: the export holds the newest 10,000/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Export CSV of submissions' }));
    expect(onExport).toHaveBeenCalledTimes(1);
  });

  it('says nothing about the cap when the rows fit', () => {
    setup(10_000);
    expect(screen.queryByText(/rows match/)).toBeNull();
  });
});
