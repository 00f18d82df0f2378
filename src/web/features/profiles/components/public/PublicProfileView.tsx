import {
  Award,
  CalendarClock,
  Images,
  Info,
  Package,
  Scissors,
  ShieldCheck,
  Sparkles,
  Tag,
  UserRound,
} from 'lucide-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { hasPolicies } from '#domain/policies-options.ts';
import type { PublicProfile } from '#domain/profiles.ts';
import { AmenityList } from './AmenityList';
import { AvailabilityDetails } from './AvailabilityDetails';
import { ContactCard, LOGIN_NOTICES, type Viewer } from './ContactCard';
import { PoliciesSection } from './PoliciesSection';
import { PortfolioGallery } from './PortfolioGallery';
import { ProfileHero } from './ProfileHero';
import { ProfileSection } from './ProfileSection';
import { profileDisplay } from './profile-view';
import { ServiceList } from './ServiceList';
import { TagList } from './TagList';

/** Only an owner whose profile is not listed yet sees it: its own chunk. */
const PreviewBanner = lazy(() => import('./PreviewBanner').then((m) => ({ default: m.PreviewBanner })));

/**
 * A provider's public page (docs/product.md §2): the hero, then the sections in the left column and the
 * sticky 'Get In Touch' card on the right. On a phone the card comes right after the hero, so
 * booking is one scroll away; it is also first in the reading order after the name.
 */
export function PublicProfileView({
  profile,
  viewer,
  onLoginRequired,
  onBook,
  onBookService,
  favoriteButton,
  openings,
  reviews,
  reviewInvite,
  blockControl,
}: {
  profile: PublicProfile;
  viewer: Viewer;
  onLoginRequired: (notice: string) => void;
  onBook?: (url: string) => void;
  /** Called on a signed-in visitor's click of a service's own Book (logs the click, naming it). */
  onBookService?: (service: string) => void;
  favoriteButton?: ReactNode;
  /** 'Upcoming Availability': the provider's openings (the openings feature; the route passes it in). */
  openings?: ReactNode;
  /** 'Reviews' (the reviews feature), and its invitation after a booking click, shown first. */
  reviews?: ReactNode;
  reviewInvite?: ReactNode;
  /** A signed-in visitor's 'Block provider' (the favourites feature), under the contact card. */
  blockControl?: ReactNode;
}) {
  const display = profileDisplay(profile);
  const isOwner = viewer === 'owner';
  const license = profile.license_details.trim();
  const additional = profile.additional_details.trim();

  return (
    <article aria-label={`${display.name}'s profile`}>
      {!profile.listed && isOwner && (
        <Suspense fallback={null}>
          <PreviewBanner missing={profile.missing ?? []} />
        </Suspense>
      )}
      <ProfileHero profile={profile} display={display} />
      <div className="mx-auto grid max-w-6xl gap-6 px-4 pb-16 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <aside aria-label="Contact" className="lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1">
          <ContactCard
            viewer={viewer}
            providerId={profile.id}
            providerName={display.name}
            bookingLink={display.bookingLink}
            onLoginRequired={onLoginRequired}
            onBook={onBook}
            favoriteButton={favoriteButton}
            replyHours={profile.reply_hours}
          />
          {hasPolicies(profile.policies) && (
            <div className="mt-3">
              <PoliciesSection policies={profile.policies} providerName={display.name} />
            </div>
          )}
          {blockControl && <div className="mt-3">{blockControl}</div>}
        </aside>

        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
          {reviewInvite}
          {(display.bio || isOwner) && (
            <ProfileSection title="About" icon={UserRound}>
              {display.bio ? (
                <p className="whitespace-pre-line break-words text-app">{display.bio}</p>
              ) : (
                <OwnerHint
                  what="No bio yet."
                  add="Write one on your account page"
                  why="to tell clients about yourself"
                />
              )}
            </ProfileSection>
          )}

          {(profile.portfolio_images.length > 0 || isOwner) && (
            <ProfileSection title="My Work" icon={Images}>
              {profile.portfolio_images.length > 0 ? (
                <PortfolioGallery images={profile.portfolio_images} name={display.name} />
              ) : (
                <OwnerHint
                  what="No portfolio images yet."
                  add="Add them on your account page"
                  why="to show clients your work"
                />
              )}
            </ProfileSection>
          )}

          {openings}

          {(display.services.length > 0 || isOwner) && (
            <ProfileSection title="Services & Pricing" icon={Tag}>
              {display.services.length > 0 ? (
                <ServiceList
                  services={display.services}
                  booking={
                    isOwner
                      ? undefined
                      : {
                          viewer,
                          providerId: profile.id,
                          onBook: onBookService,
                          // The profile's login wall, with its notice; the list resumes the Book after it.
                          onAskToLogIn: () => onLoginRequired(LOGIN_NOTICES.book),
                        }
                  }
                />
              ) : (
                <OwnerHint
                  what="No services yet."
                  add="Add them on your account page"
                  why="with their prices"
                />
              )}
            </ProfileSection>
          )}

          {reviews}

          {profile.specialties.length > 0 && (
            <ProfileSection title="Specialties" icon={Scissors}>
              <TagList items={profile.specialties} />
            </ProfileSection>
          )}

          {additional && (
            <ProfileSection title="Additional Information" icon={Info}>
              <p className="whitespace-pre-line break-words text-app">{additional}</p>
            </ProfileSection>
          )}

          <ProfileSection title="Availability" icon={CalendarClock}>
            <AvailabilityDetails text={profile.availability} />
          </ProfileSection>

          {display.certifications.length > 0 && (
            <ProfileSection title="Certifications" icon={Award}>
              <ul className="space-y-2">
                {display.certifications.map((c) => (
                  <li key={c} className="flex items-start gap-2 text-app">
                    <Award
                      className="mt-0.5 h-4 w-4 shrink-0 text-brand-700 dark:text-brand-300"
                      aria-hidden="true"
                    />
                    <span className="break-words">{c}</span>
                  </li>
                ))}
              </ul>
            </ProfileSection>
          )}

          {profile.amenities.length > 0 && (
            <ProfileSection title="Amenities" icon={Sparkles}>
              <AmenityList amenities={profile.amenities} />
            </ProfileSection>
          )}

          {profile.products.length > 0 && (
            <ProfileSection title="Products Used" icon={Package}>
              <TagList items={profile.products} />
            </ProfileSection>
          )}

          {license && (
            <ProfileSection title="Licensed Professional" icon={ShieldCheck}>
              <p className="whitespace-pre-line break-words text-app">{license}</p>
            </ProfileSection>
          )}
        </div>
      </div>
    </article>
  );
}

/** For the owner only, in a section that is empty: what is missing and where to add it. */
function OwnerHint({ what, add, why }: { what: string; add: string; why: string }) {
  return (
    <p className="text-sm text-muted">
      {what}{' '}
      <Link to="/account" className="font-medium text-brand-700 underline dark:text-brand-300">
        {add}
      </Link>{' '}
      {why}.
    </p>
  );
}
