import { Download } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type AdminDateRange, AdminDateRangeSchema } from '#domain/admin.ts';
import { ADMIN_LIMITS, ADMIN_TEXTS } from '#domain/admin-options.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { toastFor } from '#web/lib/toast.tsx';
import type { CsvExport } from '../api/export-csv';

const toast = toastFor('admin-export');

interface TableToolbarProps {
  /** The table's name, for the form's and the export button's accessible names ('Submissions'). */
  name: string;
  range: AdminDateRange;
  onRangeChange: (range: AdminDateRange) => void;
  /** Rows matching the filters (null while loading): more than the export holds is said up front. */
  total: number | null;
  onExport: () => Promise<CsvExport>;
  /** Filters of this table only (submissions' open/handled). */
  children?: ReactNode;
}

const max = ADMIN_LIMITS.exportMaxRows;

/**
 * Above an admin table: a from/to date filter (UTC days, checked by the server's own schema before
 * it is sent), the table's own filters, and 'Export CSV' of the filtered rows (the newest 10,000 at
 * most: the toolbar says so when more match, and again when a download was cut).
 */
export function TableToolbar({ name, range, onRangeChange, total, onExport, children }: TableToolbarProps) {
  const [from, setFrom] = useState(range.from ?? '');
  const [to, setTo] = useState(range.to ?? '');
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const [exporting, setExporting] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = AdminDateRangeSchema.safeParse({ from: from || undefined, to: to || undefined });
    if (!parsed.success) {
      const next: { from?: string; to?: string } = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'from' || key === 'to') && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    onRangeChange(parsed.data);
  };

  const handleClear = () => {
    setFrom('');
    setTo('');
    setErrors({});
    onRangeChange({});
  };

  const handleExport = async () => {
    setExporting(true);
    try {
      const result = await onExport();
      if (result.truncated) toast.info(ADMIN_TEXTS.exportTruncated(max));
      else
        toast.success(
          `Exported ${result.rows.toLocaleString('en-US')} ${result.rows === 1 ? 'row' : 'rows'}`,
        );
    } catch (error) {
      toast.error(ADMIN_TEXTS.exportFailed, {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <form
          aria-label={`Filter ${name.toLowerCase()} by date`}
          onSubmit={handleSubmit}
          noValidate
          className="flex flex-wrap items-end gap-3"
        >
          <Field label="From (UTC)" error={errors.from}>
            <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} className="w-40" />
          </Field>
          <Field label="To (UTC)" error={errors.to}>
            <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} className="w-40" />
          </Field>
          <Button type="submit" variant="outline">
            Apply dates
          </Button>
          {(range.from || range.to) && (
            <Button type="button" variant="ghost" onClick={handleClear}>
              Clear dates
            </Button>
          )}
        </form>
        {children}
        <Button
          variant="outline"
          className="sm:ml-auto"
          onClick={() => void handleExport()}
          disabled={exporting}
        >
          <Download className="h-4 w-4" aria-hidden="true" />
          Export CSV
          <span className="sr-only"> of {name.toLowerCase()}</span>
        </Button>
      </div>
      {total !== null && total > max && (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          {total.toLocaleString('en-US')} rows match: the export holds the newest{' '}
          {max.toLocaleString('en-US')}. Narrow the dates to export the rest.
        </p>
      )}
    </div>
  );
}
