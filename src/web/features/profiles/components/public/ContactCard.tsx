import { CalendarCheck, Clock, ExternalLink, Mail, MessageCircle, Pencil } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button, buttonVariants } from '#web/components/ui/Button.tsx';
import { Card } from '#web/components/ui/Card.tsx';
import { cn } from '#web/lib/cn.ts';
import {
  type PendingActionKind,
  savePendingAction,
  scrollBackTo,
  takePendingAction,
} from '#web/lib/pending-action.ts';
import { StickyBookBar } from './StickyBookBar';

// The message form (a dialog, with the dialog library and the form code) loads when it is first
// opened, not with the page.
const MessageDialog = lazy(() => import('./MessageDialog').then((m) => ({ default: m.MessageDialog })));

export type Viewer = 'owner' | 'signed-in' | 'signed-out';

export const LOGIN_NOTICES = {
  book: 'Please log in to book an appointment.',
  message: 'Please log in to send a message.',
} as const;

const RESUMED_HERE: readonly PendingActionKind[] = ['message', 'book'];

/**
 * MESSAGE_TEXTS.usuallyReplies (ContactCard.test.tsx checks they agree), written out: the texts module
 * is about 2 KB gzipped, and the profile page would load all of it for this one line.
 */
export const usuallyRepliesText = (hours: number) =>
  hours <= 1 ? 'Usually replies within an hour' : `Usually replies within ${hours} hours`;

/**
 * The provider's measured reply time in whole hours, when the profile has one (docs/product.md
 * 'Messages': from enough recent replies); anything else (null, missing, not a number) shows nothing.
 */
const knownReplyHours = (hours: unknown): number | null =>
  typeof hours === 'number' && Number.isFinite(hours) && hours >= 0 ? Math.max(1, Math.ceil(hours)) : null;

/**
 * 'Book Appointment', as the card and the phone's sticky bar both show it: a link to the booking
 * page for a signed-in visitor (logging the click), a button asking a visitor to log in, or a
 * disabled button (described by `describedBy`) when the provider has no booking link.
 */
function BookAppointmentButton({
  viewer,
  bookingLink,
  onBook,
  onAskToLogIn,
  describedBy,
  className,
}: {
  viewer: Exclude<Viewer, 'owner'>;
  bookingLink: string | null;
  onBook?: (url: string) => void;
  onAskToLogIn: () => void;
  describedBy: string;
  className?: string;
}) {
  const icon = <CalendarCheck className="h-4 w-4" aria-hidden="true" />;
  if (!bookingLink) {
    return (
      <Button size="lg" className={className} disabled aria-describedby={describedBy}>
        {icon} Book Appointment
      </Button>
    );
  }
  if (viewer === 'signed-in') {
    return (
      <a
        href={bookingLink}
        target="_blank"
        rel="noopener noreferrer"
        className={cn(buttonVariants({ size: 'lg' }), className)}
        // Logged without awaiting, so the browser opens the tab from this very click.
        onClick={() => onBook?.(bookingLink)}
      >
        {icon} Book Appointment
        <ExternalLink className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Button size="lg" className={className} onClick={onAskToLogIn}>
      {icon} Book Appointment
    </Button>
  );
}

/**
 * 'Get In Touch': the owner gets Edit; everyone else Book Appointment and Message. Signed-out
 * visitors are asked to log in first (the route opens the login dialog through `onLoginRequired`),
 * and what they pressed is carried out once they have: the message dialog opens, or a 'Continue to
 * booking' link appears (the booking page opens in a new tab, which needs a click of its own).
 * On a phone, once the card has scrolled away, a bar at the bottom of the screen offers the same
 * Book button (StickyBookBar), when there is a booking link.
 */
export function ContactCard({
  viewer,
  providerId,
  providerName,
  bookingLink,
  onLoginRequired,
  onBook,
  favoriteButton,
  replyHours,
}: {
  viewer: Viewer;
  providerId: string;
  providerName: string;
  bookingLink: string | null;
  onLoginRequired: (notice: string) => void;
  /** Called on a signed-in visitor's Book click, before the link opens (logs the click). */
  onBook?: (url: string) => void;
  /** The save toggle (the favourites feature; the route passes it in). */
  favoriteButton?: ReactNode;
  /** The public profile's `reply_hours`: shown as 'Usually replies within N hours' only when known. */
  replyHours?: number | null | undefined;
}) {
  const titleId = useId();
  const noLinkId = useId();
  const cardRef = useRef<HTMLElement>(null);
  const [messageOpen, setMessageOpen] = useState(false);
  // Kept once opened, so it closes with its animation and gives focus back.
  const [messageUsed, setMessageUsed] = useState(false);
  if (messageOpen && !messageUsed) setMessageUsed(true);
  const [isBookResumed, setBookResumed] = useState(false);

  useEffect(() => {
    if (viewer === 'signed-out') return;
    const action = takePendingAction(providerId, RESUMED_HERE);
    // The owner logged in on their own page: nothing to book or message.
    if (!action || viewer === 'owner') return;
    if (action.kind === 'message') setMessageOpen(true);
    else if (bookingLink) {
      setBookResumed(true);
      // 'Continue to booking' needs a click: bring it into view (the email round trip opens the page at its top).
      scrollBackTo(cardRef.current);
    }
  }, [viewer, providerId, bookingLink]);

  const askToLogIn = (kind: PendingActionKind, notice: string) => {
    savePendingAction({ kind, providerId });
    onLoginRequired(notice);
  };
  const askToLogInToBook = () => askToLogIn('book', LOGIN_NOTICES.book);
  const hours = knownReplyHours(replyHours);

  return (
    <>
      <Card ref={cardRef} aria-labelledby={titleId} className="p-5 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold text-app">
          Get In Touch
        </h2>
        <div className="mt-4 space-y-3">
          {viewer === 'owner' ? (
            <>
              <p className="text-sm text-muted">This is your public profile, as clients see it.</p>
              <Link to="/account" className={cn(buttonVariants({ size: 'lg' }), 'w-full')}>
                <Pencil className="h-4 w-4" aria-hidden="true" /> Edit Profile
              </Link>
            </>
          ) : (
            <>
              {isBookResumed && bookingLink && viewer === 'signed-in' && (
                <Alert tone="success" title="You're logged in">
                  <p>Continue to {providerName}'s booking page to choose a time.</p>
                  <a
                    href={bookingLink}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={cn(buttonVariants({ size: 'sm' }), 'mt-2')}
                    onClick={() => {
                      onBook?.(bookingLink);
                      setBookResumed(false);
                    }}
                  >
                    Continue to booking
                    <ExternalLink className="h-4 w-4" aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </Alert>
              )}
              <BookAppointmentButton
                viewer={viewer}
                bookingLink={bookingLink}
                onBook={onBook}
                onAskToLogIn={askToLogInToBook}
                describedBy={noLinkId}
                className="w-full"
              />
              {!bookingLink && (
                <p id={noLinkId} className="text-xs text-muted">
                  {providerName} has not added an online booking link yet. Send a message to book.
                </p>
              )}
              <Button
                variant="outline"
                size="lg"
                className="w-full"
                aria-haspopup="dialog"
                onClick={() =>
                  viewer === 'signed-in' ? setMessageOpen(true) : askToLogIn('message', LOGIN_NOTICES.message)
                }
              >
                <MessageCircle className="h-4 w-4" aria-hidden="true" /> Message
              </Button>
              {favoriteButton}
              {viewer === 'signed-in' && messageUsed && (
                <Suspense fallback={null}>
                  <MessageDialog
                    open={messageOpen}
                    onOpenChange={setMessageOpen}
                    providerId={providerId}
                    providerName={providerName}
                  />
                </Suspense>
              )}
            </>
          )}
          {hours !== null && (
            <p className="flex items-center gap-2 pt-1 text-sm text-muted">
              <Clock className="h-4 w-4 shrink-0" aria-hidden="true" />
              {usuallyRepliesText(hours)}
            </p>
          )}
          <p className="flex items-center gap-2 pt-1 text-sm text-muted">
            {/* Never an invented response time: only the measured one above, when there is one. */}
            <Mail className="h-4 w-4 shrink-0" aria-hidden="true" />
            Messages go to {providerName}'s inbox; their replies come to your Messages and your email.
          </p>
        </div>
      </Card>
      {/* Without a booking link the bar would only hold a disabled button: the card says what to do. */}
      {viewer !== 'owner' && bookingLink && (
        <StickyBookBar target={cardRef} providerName={providerName}>
          <BookAppointmentButton
            viewer={viewer}
            bookingLink={bookingLink}
            onBook={onBook}
            onAskToLogIn={askToLogInToBook}
            describedBy={noLinkId}
            // Narrower than the card's, to leave the name room on a phone.
            className="px-4"
          />
        </StickyBookBar>
      )}
    </>
  );
}
