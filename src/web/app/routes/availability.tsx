import { BRAND } from '#domain/brand.ts';
import type { Opening } from '#domain/openings.ts';
import { OPENING_LIMITS, OPENING_TEXTS } from '#domain/openings-options.ts';
import { logBookingClick } from '#web/features/bookings/api/log-booking-click.ts';
import { AvailabilityList } from '#web/features/openings/components/AvailabilityList.tsx';
import { openAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useSession } from '#web/lib/session.ts';
import { PageShell } from './page-shell';

const handleBook = (o: Opening) =>
  logBookingClick({ url: o.display_booking_link, provider_id: o.provider_id, click_token: o.click_token });
const handleLoginRequired = (notice: string) => openAuthDialog('login', { notice });

/** /availability (SPEC.md §2): 'All Available Openings', every upcoming opening grouped by day. */
export function AvailabilityPage() {
  const session = useSession();
  useDocumentTitle(`${OPENING_TEXTS.pageTitle} · ${BRAND.name}`);
  return (
    <PageShell
      title={OPENING_TEXTS.pageTitle}
      intro={`Short-notice openings from professionals in the next ${OPENING_LIMITS.windowDays} days, soonest first.`}
    >
      <AvailabilityList
        isSignedIn={Boolean(session)}
        onBook={handleBook}
        onLoginRequired={handleLoginRequired}
      />
    </PageShell>
  );
}

export default AvailabilityPage;
