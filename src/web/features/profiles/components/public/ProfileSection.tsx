import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from '#web/components/ui/Card.tsx';

/** One titled card of the public profile; a labelled region, so screen readers can jump between them. */
export function ProfileSection({
  title,
  icon: Icon,
  children,
}: {
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card aria-labelledby={id}>
      <div className="px-5 py-5 sm:px-6">
        <h2 id={id} className="flex items-center gap-2 text-lg font-semibold text-app">
          <Icon className="h-5 w-5 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          {title}
        </h2>
        <div className="mt-4">{children}</div>
      </div>
    </Card>
  );
}
