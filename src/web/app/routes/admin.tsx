import { RotateCcw } from 'lucide-react';
import { BRAND } from '#domain/brand.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { isNotAdmin } from '#web/features/admin/api/admin-request.ts';
import { useAdminAccess } from '#web/features/admin/api/get-admin-access.ts';
import { AdminAccessDenied } from '#web/features/admin/components/AdminAccessDenied.tsx';
import { AdminAccessForm } from '#web/features/admin/components/AdminAccessForm.tsx';
import { AdminDashboard } from '#web/features/admin/components/AdminDashboard.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useSession } from '#web/lib/session.ts';

/**
 * /admin (docs/product.md §2 'Admin'). The server decides who gets in (docs/product.md §10): non-admins see
 * 'Access Denied'; admins pass the 'Admin Access' password step when ADMIN_PASSWORD is set.
 */
export function AdminPage() {
  const userId = useSession()?.user.id;
  const access = useAdminAccess(userId);

  useDocumentTitle(`Admin · ${BRAND.name}`);

  // RequireAuth sends a signed-out visitor home; this covers the moment in between.
  if (!userId || access.isPending || (access.isError && access.isFetching)) return <Loading />;
  if (access.isError)
    return isNotAdmin(access.error) ? (
      <AdminAccessDenied />
    ) : (
      <LoadError onRetry={() => void access.refetch()} />
    );
  if (!access.data.granted) return <AdminAccessForm userId={userId} />;
  return <AdminDashboard userId={userId} passwordRequired={access.data.passwordRequired} />;
}

function Loading() {
  return (
    <div className="flex justify-center px-4 py-24">
      <Spinner label="Loading..." />
    </div>
  );
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="mx-auto max-w-lg space-y-4 px-4 py-16 text-center">
      <Alert>Failed to load analytics data. Please try again later.</Alert>
      <Button variant="outline" onClick={onRetry}>
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
        Retry
      </Button>
    </div>
  );
}
