import { CalendarCheck, Clock, ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button, buttonVariants } from '#web/components/ui/Button.tsx';
import { cn } from '#web/lib/cn.ts';
import { savePendingAction, scrollBackTo, takePendingAction } from '#web/lib/pending-action.ts';
import type { ProfileDisplay } from './profile-view';

/**
 * Who is looking, for a service's own Book: a signed-in visitor gets the link (the click logged as
 * the profile's Book is, naming the service), a signed-out one the same login wall, after which the
 * service's Book is resumed as 'Continue to booking'. The owner gets none.
 */
export interface ServiceBooking {
  viewer: 'signed-in' | 'signed-out';
  providerId: string;
  onBook?: ((service: string) => void) | undefined;
  /** Opens the profile's login wall with its notice. */
  onAskToLogIn: () => void;
}

type Service = ProfileDisplay['services'][number];

const BOOK_CLASS = buttonVariants({ variant: 'outline', size: 'sm' });

function ServiceBookButton({
  service,
  booking,
}: {
  service: Service & { bookingLink: string };
  booking: ServiceBooking;
}) {
  const icon = <CalendarCheck className="h-4 w-4" aria-hidden="true" />;
  // 'Book Balayage': the service's name is in the accessible name, so a list of Books is told apart.
  const name = <span className="sr-only"> {service.service}</span>;
  if (booking.viewer === 'signed-out') {
    const askToLogIn = () => {
      savePendingAction({ kind: 'book-service', providerId: booking.providerId, service: service.service });
      booking.onAskToLogIn();
    };
    return (
      <Button variant="outline" size="sm" onClick={askToLogIn}>
        {icon} Book{name}
      </Button>
    );
  }
  return (
    <a
      href={service.bookingLink}
      target="_blank"
      rel="noopener noreferrer"
      className={BOOK_CLASS}
      // Logged without awaiting, so the browser opens the tab from this very click.
      onClick={() => booking.onBook?.(service.service)}
    >
      {icon} Book{name}
      <ExternalLink className="h-4 w-4" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** After the login wall: the pressed service's Book, as a link (opening a tab needs a click of its own). */
function ContinueToService({
  service,
  booking,
  onDone,
}: {
  service: Service & { bookingLink: string };
  booking: ServiceBooking;
  onDone: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // The verification email's round trip opens the page at its top: bring the link into view.
  useEffect(() => scrollBackTo(ref.current), []);
  return (
    <div ref={ref} className="mt-2 w-full">
      <Alert tone="success" title="You're logged in">
        <p>Continue to the booking page for {service.service} to choose a time.</p>
        <a
          href={service.bookingLink}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(buttonVariants({ size: 'sm' }), 'mt-2')}
          onClick={() => {
            booking.onBook?.(service.service);
            onDone();
          }}
        >
          Continue to booking
          <ExternalLink className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </Alert>
    </div>
  );
}

/**
 * 'Services & Pricing': one row per package, prices as docs/product.md §3 renders them, with the
 * service's duration and, when it has a booking link of its own, a Book for it.
 */
export function ServiceList({
  services,
  booking,
}: {
  services: ProfileDisplay['services'];
  booking?: ServiceBooking;
}) {
  /** The service whose Book a visitor pressed before logging in. */
  const [resumed, setResumed] = useState<string | null>(null);
  const signedIn = booking?.viewer === 'signed-in';
  const providerId = booking?.providerId;
  useEffect(() => {
    if (!signedIn || !providerId) return;
    const action = takePendingAction(providerId, ['book-service']);
    if (action?.service) setResumed(action.service);
  }, [signedIn, providerId]);

  return (
    <ul className="divide-y divide-[color:var(--border)]">
      {services.map((s, i) => (
        <li
          // Two packages may share a name; the position keeps keys unique.
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is static for this render
          key={i}
          className="py-3 first:pt-0 last:pb-0"
        >
          <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
            <div className="min-w-0">
              <h3 className="font-semibold break-words text-app">{s.service}</h3>
              <p className="mt-0.5 text-sm break-words text-muted">{s.description}</p>
            </div>
            <div className="flex shrink-0 flex-col items-start gap-1 sm:items-end">
              <p className="font-semibold text-brand-700 sm:text-right dark:text-brand-300">{s.price}</p>
              {s.duration && (
                <p className="flex items-center gap-1 text-sm text-muted">
                  <Clock className="h-3.5 w-3.5" aria-hidden="true" />
                  <span className="sr-only">Duration:</span> {s.duration}
                </p>
              )}
              {booking && s.bookingLink && (
                <ServiceBookButton service={{ ...s, bookingLink: s.bookingLink }} booking={booking} />
              )}
            </div>
          </div>
          {booking && signedIn && s.bookingLink && resumed === s.service && (
            <ContinueToService
              service={{ ...s, bookingLink: s.bookingLink }}
              booking={booking}
              onDone={() => setResumed(null)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}
