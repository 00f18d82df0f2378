import { lazy, Suspense } from 'react';
import { BRAND } from '#domain/brand.ts';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { DataSection } from '#web/features/settings/components/DataSection.tsx';
import { EmailSection } from '#web/features/settings/components/EmailSection.tsx';
import { PasskeysSection } from '#web/features/settings/components/PasskeysSection.tsx';
import { SecuritySection } from '#web/features/settings/components/SecuritySection.tsx';
import { SessionsSection } from '#web/features/settings/components/SessionsSection.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useSession } from '#web/lib/session.ts';

// Notifications and the devices that get them, near the end of the page, are chunks of their own:
// the settings route is at its size ceiling (scripts/check-budgets.mjs).
const NotificationsSection = lazy(() =>
  import('#web/features/settings/components/NotificationsSection.tsx').then((m) => ({
    default: m.NotificationsSection,
  })),
);
const PushDevicesSection = lazy(() =>
  import('#web/features/settings/components/PushDevicesSection.tsx').then((m) => ({
    default: m.PushDevicesSection,
  })),
);

/**
 * /settings (docs/product.md §2 'Settings'): what a signed-in person controls about their account,
 * apart from the profile (/account): password, email, passkeys, sessions, notifications and the devices
 * that get them, their data.
 */
export function SettingsPage() {
  const session = useSession();
  useDocumentTitle(`Settings · ${BRAND.name}`);
  // RequireAuth renders the page only with a session; it can end while the page is open.
  if (!session) return null;
  const userId = session.user.id;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold text-app">Settings</h1>
        <p className="mt-1 text-muted">Sign-in, security, notifications and your data.</p>
      </div>
      <SecuritySection userId={userId} />
      <EmailSection userId={userId} />
      <PasskeysSection />
      <SessionsSection userId={userId} />
      <div id="notifications" className="scroll-mt-24">
        <Suspense fallback={<Spinner label="Loading notification settings..." />}>
          <NotificationsSection userId={userId} />
        </Suspense>
      </div>
      <div id="devices" className="scroll-mt-24">
        <Suspense fallback={<Spinner label="Loading your devices..." />}>
          <PushDevicesSection userId={userId} />
        </Suspense>
      </div>
      <DataSection />
    </div>
  );
}
