import {
  BadgeCheck,
  Heart,
  type LucideIcon,
  Rainbow,
  Search,
  ShieldCheck,
  Sparkles,
  TrendingUp,
  Users,
} from 'lucide-react';
import { BRAND } from '#domain/brand.ts';
import { Card } from '#web/components/ui/Card.tsx';
import { chipClass } from '#web/components/ui/Chip.tsx';
import { AboutFeedbackForm } from '#web/features/forms/components/AboutFeedbackForm.tsx';
import { InvestorForm } from '#web/features/forms/components/InvestorForm.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { siteLink } from '#web/lib/site-links.ts';

interface Point {
  icon: LucideIcon;
  title: string;
  text: string;
}

const VALUES: Point[] = [
  {
    icon: Users,
    title: 'Community First',
    text: 'Independent stylists, barbers, nail techs, massage therapists and estheticians are the heart of local beauty. We build for them and for the clients who want to find them.',
  },
  {
    icon: ShieldCheck,
    title: 'Trust & Safety',
    text: "We don't invent ratings or reviews. Passwords are stored hashed, uploaded photos have their metadata removed, and we never sell your data.",
  },
  {
    icon: Rainbow,
    title: 'Inclusive Beauty',
    text: 'Everyone deserves a chair where they feel welcome. Providers can list options such as LGBTQIA+ friendly, wheelchair accessible, neurodivergent friendly or a silent service.',
  },
  {
    icon: Sparkles,
    title: 'Innovation',
    text: 'We are in beta and keep improving, guided by the feedback, bug reports and feature requests you send us.',
  },
];

const DIFFERENTIATORS: Point[] = [
  {
    icon: Search,
    title: 'Smart Matching',
    text: 'Search by service, zip code, price range and availability at once, so the results are the professionals who fit your day and your budget.',
  },
  {
    icon: Heart,
    title: 'Inclusive Discovery',
    text: 'Filter for what matters to you, from a kid-free environment to multilingual service, and save favourites to hear by email when they post a short-notice opening.',
  },
  {
    icon: TrendingUp,
    title: 'Professional Empowerment',
    text: 'Providers publish their own profile, services and prices, post openings, and see how many clients click through to their booking page. Bookings stay on their own page, and listing is free during beta.',
  },
];

function PointCard({ point }: { point: Point }) {
  const Icon = point.icon;
  return (
    <Card className="p-5 sm:p-6">
      <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-900/60 dark:text-brand-200">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-app">{point.title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted">{point.text}</p>
    </Card>
  );
}

/** /about (docs/product.md §2): mission, values, what sets us apart, the feedback and investor forms. */
export function AboutPage() {
  useDocumentTitle(`About Us · ${BRAND.name}`);
  const donateUrl = siteLink('support-url');

  return (
    <>
      <section className="bg-gradient-to-b from-brand-100 to-transparent dark:from-brand-900/40">
        <div className="mx-auto max-w-4xl px-4 pt-12 pb-10 text-center sm:pt-16">
          <h1 className="text-4xl font-extrabold tracking-tight text-app sm:text-5xl">About {BRAND.name}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">
            {BRAND.name} is a marketplace for independent beauty professionals: hair stylists, massage
            therapists, barbers, nail techs and estheticians.
          </p>
        </div>
      </section>

      <div className="mx-auto max-w-6xl space-y-14 px-4 pb-16">
        <section aria-labelledby="mission" className="mx-auto max-w-3xl text-center">
          <h2 id="mission" className="text-2xl font-bold text-app sm:text-3xl">
            Our Mission
          </h2>
          <p className="mt-4 text-base leading-relaxed text-muted sm:text-lg">
            We want finding the right beauty professional to be simple and welcoming for everyone. Clients
            search by service, location, price, availability and the experience they want, then book directly
            on the provider's own booking page. Independent professionals get a clear public profile and a way
            to fill last-minute openings, without giving up their own booking tools.
          </p>
          <p className={chipClass('brand', 'mt-4 gap-2 px-4 py-1.5')}>
            <BadgeCheck className="h-4 w-4" aria-hidden="true" />
            Free for clients and providers during beta
          </p>
        </section>

        <section aria-labelledby="values">
          <h2 id="values" className="text-center text-2xl font-bold text-app sm:text-3xl">
            Our Core Values
          </h2>
          <div className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {VALUES.map((point) => (
              <PointCard key={point.title} point={point} />
            ))}
          </div>
        </section>

        <section aria-labelledby="different">
          <h2 id="different" className="text-center text-2xl font-bold text-app sm:text-3xl">
            What Makes Us Different
          </h2>
          <div className="mt-8 grid gap-4 md:grid-cols-3">
            {DIFFERENTIATORS.map((point) => (
              <PointCard key={point.title} point={point} />
            ))}
          </div>
        </section>

        <section aria-labelledby="get-involved">
          <h2 id="get-involved" className="text-center text-2xl font-bold text-app sm:text-3xl">
            Get Involved
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-muted">
            Help shape {BRAND.name}: send feedback, report a bug, request a feature or talk to us about
            partnering.
          </p>
          <div className="mt-8 grid items-start gap-6 lg:grid-cols-2">
            <AboutFeedbackForm />
            <InvestorForm />
          </div>
        </section>

        {donateUrl && (
          <section
            aria-labelledby="support-mission"
            className="mx-auto max-w-3xl rounded-2xl bg-brand-700 px-6 py-10 text-center text-white dark:bg-brand-800"
          >
            <h2 id="support-mission" className="text-2xl font-bold">
              Support Our Mission
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-brand-50">
              {BRAND.name} is free while in beta. If you'd like to help us keep building, you can chip in on
              our support page.
            </p>
            <a
              href={donateUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-6 inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-white px-6 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <Heart className="h-4 w-4" aria-hidden="true" />
              Support Our Mission
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </section>
        )}
      </div>
    </>
  );
}
