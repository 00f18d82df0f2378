import { useInfiniteQuery } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '#web/components/ui/Button.tsx';
import { renderWithProviders } from '#web/test/render.tsx';
import { type LogColumn, LogTable } from './LogTable';

interface Row {
  id: string;
  provider: string;
  client: string;
}

const ROWS: Row[] = [
  { id: 'a', provider: 'Noor Salon', client: 'Bo Client' },
  { id: 'b', provider: 'Ines Loft', client: 'Ada Fan' },
];

/** A real infinite query over one fixed page, as the dashboard's hooks give LogTable. */
function Harness({ rows, onOpen }: { rows: Row[]; onOpen: (row: Row) => void }) {
  const query = useInfiniteQuery({
    queryKey: ['log-table-test', rows.length],
    queryFn: async () => ({ logs: rows, total: rows.length, nextCursor: null as string | null }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
  const columns: LogColumn<Row>[] = [
    { header: 'Provider', cell: (row) => row.provider, className: 'whitespace-nowrap' },
    { header: 'Client', cell: (row) => row.client },
    {
      header: 'Actions',
      cell: (row) => (
        <Button size="sm" onClick={() => onOpen(row)}>
          Open<span className="sr-only"> the click by {row.client}</span>
        </Button>
      ),
    },
  ];
  return (
    <LogTable
      caption="Booking clicks, newest first"
      columns={columns}
      query={query}
      emptyText="No booking logs found"
      minWidthClass="min-w-[44rem]"
    />
  );
}

const setup = (rows: Row[] = ROWS) => {
  const onOpen = vi.fn();
  const view = renderWithProviders(<Harness rows={rows} onOpen={onOpen} />);
  return { ...view, onOpen };
};

/** The card's fields as 'Label: value' pairs, in order. */
const fieldsOf = (card: HTMLElement) =>
  within(card)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);

describe('LogTable', () => {
  it('shows each row as a card of labelled fields, in a list named by the caption, for phones only', async () => {
    setup();
    const list = await screen.findByRole('list', { name: 'Booking clicks, newest first' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(fieldsOf(cards[0]!)).toEqual([
      'Provider: Noor Salon',
      'Client: Bo Client',
      'Actions: Open the click by Bo Client',
    ]);
    expect(fieldsOf(cards[1]!)).toEqual([
      'Provider: Ines Loft',
      'Client: Ada Fan',
      'Actions: Open the click by Ada Fan',
    ]);
    // Hidden from md up (display:none, so from screen readers too), where the table shows instead.
    expect(list.className.split(' ')).toContain('md:hidden');
  });

  it('shows the same rows as a real table with column headers from md up', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Booking clicks, newest first' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => [h.textContent, h.getAttribute('scope')])).toEqual([
      ['Provider', 'col'],
      ['Client', 'col'],
      ['Actions', 'col'],
    ]);
    expect(headers[0]!.className).toContain('whitespace-nowrap');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Noor Salon',
      'Ines Loft',
    ]);
    // The table's wrapper is display:none below md and scrolls sideways when the table is wider.
    const wrapper = table.parentElement!;
    expect(wrapper.className.split(' ')).toEqual(
      expect.arrayContaining(['hidden', 'md:block', 'overflow-x-auto']),
    );
    expect(wrapper.tabIndex).toBe(0);
  });

  it("keeps a card's buttons working: each acts on its own row", async () => {
    const { user, onOpen } = setup();
    const list = await screen.findByRole('list', { name: 'Booking clicks, newest first' });
    const second = within(list).getAllByRole('listitem')[1]!;
    await user.click(within(second).getByRole('button', { name: 'Open the click by Ada Fan' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledWith(ROWS[1]);
  });

  it('says an empty list once, with neither cards nor a table', async () => {
    setup([]);
    const region = await screen.findByRole('region', { name: 'Booking clicks, newest first' });
    expect(within(region).getAllByText('No booking logs found')).toHaveLength(1);
    expect(screen.queryByRole('list')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });
});
