import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

export function Alert({
  tone = 'error',
  title,
  children,
}: {
  tone?: 'error' | 'info' | 'success';
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'rounded-lg border px-3 py-2 text-sm',
        tone === 'error' &&
          'border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200',
        tone === 'info' && 'border-app bg-muted text-app',
        tone === 'success' &&
          'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-200',
      )}
    >
      {title && <p className="font-semibold">{title}</p>}
      {children}
    </div>
  );
}
