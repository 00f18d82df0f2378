import { RotateCcw } from 'lucide-react';
import { BRAND } from '../../../domain/brand';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { Spinner } from '../../components/ui/Spinner';
import { isNotAdmin } from '../../features/admin/api/admin-request';
import { useAdminAccess } from '../../features/admin/api/get-admin-access';
import { AdminAccessDenied } from '../../features/admin/components/AdminAccessDenied';
import { AdminAccessForm } from '../../features/admin/components/AdminAccessForm';
import { AdminDashboard } from '../../features/admin/components/AdminDashboard';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';

/**
 * /admin (SPEC.md §2 'Admin'). The server decides who gets in (DESIGN.md §5): non-admins see
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
