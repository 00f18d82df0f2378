import { UserX } from 'lucide-react';
import { useId } from 'react';
import { ADMIN_TEXTS } from '#domain/admin-options.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { useAccountDeletions } from '../api/get-account-deletions';

/** Deleted accounts per day (clients, providers) over the last 30 days: counts, never who. */
export function AccountDeletionsCard({ userId }: { userId: string }) {
  const headingId = useId();
  const query = useAccountDeletions(userId);
  if (query.isPending || query.isError) return null;
  const { days, total_30_days: total } = query.data;
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2">
          <UserX className="h-5 w-5" aria-hidden="true" />
          {ADMIN_TEXTS.deletionsTitle}
        </CardTitle>
        <CardDescription>
          {ADMIN_TEXTS.deletionsDescription} {ADMIN_TEXTS.deletionsTotal(total)}.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {days.length === 0 ? (
          <p className="text-sm text-muted">{ADMIN_TEXTS.deletionsNone}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[20rem] text-left text-sm">
              <caption className="sr-only">{ADMIN_TEXTS.deletionsTitle}, newest day first</caption>
              <thead className="text-muted">
                <tr>
                  <th scope="col" className="py-1.5 pr-4 font-medium">
                    Day
                  </th>
                  <th scope="col" className="py-1.5 pr-4 text-right font-medium">
                    Clients
                  </th>
                  <th scope="col" className="py-1.5 text-right font-medium">
                    Providers
                  </th>
                </tr>
              </thead>
              <tbody className="text-app">
                {days.map((d) => (
                  <tr key={d.day} className="border-t border-app">
                    <th scope="row" className="py-1.5 pr-4 font-normal tabular-nums">
                      {d.day}
                    </th>
                    <td className="py-1.5 pr-4 text-right tabular-nums">{d.client}</td>
                    <td className="py-1.5 text-right tabular-nums">{d.provider}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
