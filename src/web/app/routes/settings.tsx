import { BRAND } from '#domain/brand.ts';
import { DataSection } from '#web/features/settings/components/DataSection.tsx';
import { EmailSection } from '#web/features/settings/components/EmailSection.tsx';
import { NotificationsSection } from '#web/features/settings/components/NotificationsSection.tsx';
import { PasskeysSection } from '#web/features/settings/components/PasskeysSection.tsx';
import { SecuritySection } from '#web/features/settings/components/SecuritySection.tsx';
import { SessionsSection } from '#web/features/settings/components/SessionsSection.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';

/**
 * /settings (docs/product.md §2 'Settings'): what a signed-in person controls about their account,
 * apart from the profile (/account): password, email, passkeys, sessions, notifications, their data.
 */
export function SettingsPage() {
  useDocumentTitle(`Settings · ${BRAND.name}`);
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <h1 className="text-3xl font-bold text-app">Settings</h1>
      <SecuritySection />
      <EmailSection />
      <PasskeysSection />
      <SessionsSection />
      <NotificationsSection />
      <DataSection />
    </div>
  );
}
