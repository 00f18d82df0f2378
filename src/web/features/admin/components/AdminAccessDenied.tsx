import { Home, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { ADMIN_TEXTS } from '#domain/admin-options.ts';
import { buttonVariants } from '#web/components/ui/Button.tsx';
import { Card, CardContent } from '#web/components/ui/Card.tsx';

/** Shown when the server refuses GET /api/admin/access (not an admin). */
export function AdminAccessDenied() {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <Card>
        <CardContent>
          <div className="space-y-4 py-3 text-center">
            <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300">
              <ShieldAlert className="h-6 w-6" aria-hidden="true" />
            </span>
            <h1 className="text-2xl font-bold text-app">{ADMIN_TEXTS.accessDenied}</h1>
            <p className="text-muted">Only administrators can open this page.</p>
            <Link to="/" className={buttonVariants({ variant: 'outline' })}>
              <Home className="h-4 w-4" aria-hidden="true" />
              Return home
            </Link>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
