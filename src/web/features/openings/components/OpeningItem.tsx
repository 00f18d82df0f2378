import { CalendarCheck, Clock, ExternalLink, MapPin, MessageCircle, ReceiptText, Tag } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BOOKING_TEXTS } from '#domain/bookings-options.ts';
import { thumbnailUrl } from '#domain/image-urls.ts';
import { openingPriceParts, wasNowText } from '#domain/opening-price.ts';
import { formatOpeningRange } from '#domain/opening-time.ts';
import type { Opening } from '#domain/openings.ts';
import { policySummary } from '#domain/policies-options.ts';
import { Avatar } from '#web/components/ui/Avatar.tsx';
import { Button, buttonVariants } from '#web/components/ui/Button.tsx';
import { cn } from '#web/lib/cn.ts';
import { savePendingAction, scrollBackTo, takePendingAction } from '#web/lib/pending-action.ts';
import { useSession } from '#web/lib/session.ts';
import { htmlDateTime } from '#web/lib/utc-dates.ts';
import { useViewerTimeZone } from '../opening-time';

/**
 * MESSAGE_TEXTS.askAboutOpening and .loginToMessage (AskAboutOpeningDialog.test.tsx checks they
 * agree), written out: the texts module is about 2 KB gzipped, and every list of openings (the
 * home page's among them) would load it for these two lines.
 */
export const ASK_TEXTS = {
  button: 'Ask about this opening',
  login: 'Please log in to send a message.',
} as const;

// The message form loads when first opened, not with the list.
const AskAboutOpeningDialog = lazy(() =>
  import('./AskAboutOpeningDialog').then((m) => ({ default: m.AskAboutOpeningDialog })),
);

/** What the Book button needs; the route supplies the click logging and the login dialog. */
export interface BookProps {
  isSignedIn: boolean;
  /** Called on a signed-in click, without awaiting, as the link opens in a new tab (logs the click). */
  onBook?: (opening: Opening) => void;
  /** Called with the notice to show when a visitor clicks Book (the route opens the login dialog). */
  onLoginRequired?: (notice: string) => void;
}

interface OpeningItemProps extends Partial<BookProps> {
  opening: Opening;
  /** The provider's name and picture, linking to their profile (lists of many providers). */
  showProvider?: boolean;
  /** False under a day heading, where the date would repeat it. */
  showDate?: boolean;
  /** 'card' stacks (grids); 'row' puts the actions beside the details from the sm breakpoint. */
  layout?: 'card' | 'row';
  /** Replaces the Book button (the owner's Edit / Deactivate / Delete). */
  actions?: ReactNode;
  /** A tag beside the title (the owner's 'Inactive'). */
  badge?: ReactNode;
  /**
   * Shown dimmed (an inactive opening, docs/product.md §4): a muted surface and muted text. Not an opacity:
   * that would take the text under 4.5:1 in the light theme.
   */
  dimmed?: boolean;
}

/**
 * The price; a reduced one shows the regular price struck through before it, and screen readers
 * hear 'was $180, now $140' (a <s> alone is not announced as struck through).
 */
function OpeningPrice({ price, regularPrice }: { price: string; regularPrice: number | null }) {
  const { was, now } = openingPriceParts(price, regularPrice);
  if (!was) return <span className="min-w-0 font-medium break-words">{now}</span>;
  return (
    <span className="min-w-0 break-words">
      <span className="sr-only">{wasNowText(was, now)}</span>
      <span aria-hidden="true">
        <s className="text-muted">{was}</s> <span className="font-medium">{now}</span>
      </span>
    </span>
  );
}

function BookButton({ opening, isSignedIn, onBook, onLoginRequired }: BookProps & { opening: Opening }) {
  const noLinkId = useId();
  const link = opening.display_booking_link;
  const linkRef = useRef<HTMLAnchorElement>(null);
  // A visitor pressed Book here, then logged in: offer the booking page with one
  // more click (a new tab needs the person's own gesture), back in view after the email round trip.
  const [isResumed, setResumed] = useState(false);
  useEffect(() => {
    if (!isSignedIn || !link) return;
    if (takePendingAction(opening.provider_id, ['book-opening'], Date.now(), opening.id)) setResumed(true);
  }, [isSignedIn, link, opening.provider_id, opening.id]);
  useEffect(() => {
    if (isResumed) scrollBackTo(linkRef.current);
  }, [isResumed]);
  const context = <span className="sr-only">{` ${opening.service_type} with ${opening.provider_name}`}</span>;
  if (!link) {
    return (
      <div className="space-y-1">
        <Button className="w-full" disabled aria-describedby={noLinkId}>
          <CalendarCheck className="h-4 w-4" aria-hidden="true" />
          Book
          {context}
        </Button>
        <p id={noLinkId} className="text-xs text-muted">
          No online booking link yet. Visit the profile to get in touch.
        </p>
      </div>
    );
  }
  if (isSignedIn) {
    const book = (
      <a
        ref={linkRef}
        href={link}
        target="_blank"
        rel="noopener noreferrer"
        className={cn(buttonVariants(), 'w-full')}
        // Not awaited: the browser opens the tab from this very click.
        onClick={() => {
          onBook?.(opening);
          setResumed(false);
        }}
      >
        <CalendarCheck className="h-4 w-4" aria-hidden="true" />
        {isResumed ? 'Continue to booking' : 'Book'}
        {context}
        <ExternalLink className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
    if (!isResumed) return book;
    return (
      <div role="status" className="space-y-2">
        <p className="text-sm font-medium text-app">You're logged in: continue to book this opening.</p>
        {book}
      </div>
    );
  }
  return (
    <Button
      className="w-full"
      aria-haspopup="dialog"
      onClick={() => {
        savePendingAction({ kind: 'book-opening', providerId: opening.provider_id, openingId: opening.id });
        onLoginRequired?.(BOOKING_TEXTS.loginToBook);
      }}
    >
      <CalendarCheck className="h-4 w-4" aria-hidden="true" />
      Book
      {context}
    </Button>
  );
}

/**
 * 'Ask about this opening': a message to its provider that starts with a question naming its time
 * (the dialog), or, for a visitor, the login dialog (as the profile's Message). Not on one's own.
 */
function AskButton({
  opening,
  isSignedIn,
  onLoginRequired,
}: Pick<BookProps, 'isSignedIn' | 'onLoginRequired'> & { opening: Opening }) {
  const viewerId = useSession()?.user.id;
  const [open, setOpen] = useState(false);
  // Kept once opened, so it closes with its animation and gives focus back.
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  // A visitor pressed Ask here, then logged in: the dialog opens for them.
  useEffect(() => {
    if (!isSignedIn || viewerId === opening.provider_id) return;
    if (takePendingAction(opening.provider_id, ['ask-opening'], Date.now(), opening.id)) setOpen(true);
  }, [isSignedIn, viewerId, opening.provider_id, opening.id]);
  if (viewerId === opening.provider_id) return null;
  return (
    <>
      <Button
        variant="outline"
        className="w-full"
        aria-haspopup="dialog"
        onClick={() => {
          if (isSignedIn) return setOpen(true);
          savePendingAction({ kind: 'ask-opening', providerId: opening.provider_id, openingId: opening.id });
          onLoginRequired?.(ASK_TEXTS.login);
        }}
      >
        <MessageCircle className="h-4 w-4" aria-hidden="true" />
        {ASK_TEXTS.button}
        <span className="sr-only">{`: ${opening.service_type} with ${opening.provider_name}`}</span>
      </Button>
      {isSignedIn && used && (
        <Suspense fallback={null}>
          <AskAboutOpeningDialog opening={opening} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}

/**
 * One short-notice opening (docs/product.md §3 'Opening'): the service, optionally the provider, the time
 * on the provider's clocks with its zone (and the viewer's when it differs), price, place and note, then Book and
 * 'Ask about this opening' (or the owner's actions).
 */
export function OpeningItem({
  opening,
  showProvider = false,
  showDate = true,
  layout = 'card',
  actions,
  badge,
  dimmed = false,
  isSignedIn = false,
  onBook,
  onLoginRequired,
}: OpeningItemProps) {
  const titleId = useId();
  const viewerZone = useViewerTimeZone();
  // Older cached lists have no policies: nothing is shown for them.
  const policies = opening.policies ?? null;
  const policyLine = policies ? policySummary(policies) : '';
  const policyText = policies?.text.trim() ?? '';
  const iconClass = cn(
    'mt-0.5 h-4 w-4 shrink-0',
    dimmed ? 'text-muted' : 'text-brand-700 dark:text-brand-300',
  );
  return (
    <article
      // A notification's link ('/<slug>#opening-<id>') scrolls to it, below the sticky header, outlined.
      id={`opening-${opening.id}`}
      aria-labelledby={titleId}
      className={cn(
        'flex h-full scroll-mt-24 flex-col gap-4 rounded-2xl border p-4 target:outline-2 target:outline-offset-4 target:outline-brand-600 dark:target:outline-brand-400',
        dimmed ? 'border-dashed border-app bg-muted' : 'border-app bg-card shadow-sm',
        layout === 'row' && 'sm:flex-row sm:items-start sm:justify-between',
      )}
    >
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-start gap-x-2 gap-y-1">
          <h3 id={titleId} className={cn('font-semibold break-words', dimmed ? 'text-muted' : 'text-app')}>
            {opening.service_type}
          </h3>
          {badge}
        </div>
        {showProvider && (
          <div className="flex items-center gap-2 text-sm">
            <Avatar
              name={opening.provider_name}
              src={opening.provider_image ? thumbnailUrl(opening.provider_image) : null}
              size={28}
            />
            <Link
              to={`/${opening.routing_slug}`}
              className="min-w-0 font-medium break-words text-brand-700 hover:underline dark:text-brand-300"
            >
              {opening.provider_name}
            </Link>
          </div>
        )}
        <ul className={cn('space-y-1 text-sm', dimmed ? 'text-muted' : 'text-app')}>
          <li className="flex items-start gap-2">
            <Clock className={iconClass} aria-hidden="true" />
            <span className="sr-only">When: </span>
            <time dateTime={htmlDateTime(opening.start_time)}>
              {formatOpeningRange(opening.start_time, opening.end_time, {
                showDate,
                timeZone: opening.time_zone,
                viewerZone: viewerZone ?? opening.time_zone,
              })}
            </time>
          </li>
          {opening.display_location && (
            <li className="flex items-start gap-2">
              <MapPin className={iconClass} aria-hidden="true" />
              <span className="sr-only">Where: </span>
              <span className="min-w-0 break-words">{opening.display_location}</span>
            </li>
          )}
          {opening.price && (
            <li className="flex items-start gap-2">
              <Tag className={iconClass} aria-hidden="true" />
              <span className="sr-only">Price: </span>
              <OpeningPrice price={opening.price} regularPrice={opening.regular_price} />
            </li>
          )}
          {policyLine && (
            <li className="flex items-start gap-2">
              <ReceiptText className={iconClass} aria-hidden="true" />
              <span className="sr-only">Policies: </span>
              <span className="min-w-0 break-words">{policyLine}</span>
            </li>
          )}
        </ul>
        {opening.note && <p className="text-sm break-words whitespace-pre-line text-muted">{opening.note}</p>}
        {policyText && (
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-brand-700 dark:text-brand-300">
              {`${opening.provider_name}'s booking policy`}
            </summary>
            <p className="mt-1 break-words whitespace-pre-line text-muted">{policyText}</p>
          </details>
        )}
      </div>
      <div className={cn('mt-auto', layout === 'row' && 'sm:mt-0 sm:min-w-40 sm:shrink-0')}>
        {actions ?? (
          <div className="space-y-2">
            <BookButton
              opening={opening}
              isSignedIn={isSignedIn}
              onBook={onBook}
              onLoginRequired={onLoginRequired}
            />
            <AskButton opening={opening} isSignedIn={isSignedIn} onLoginRequired={onLoginRequired} />
          </div>
        )}
      </div>
    </article>
  );
}
