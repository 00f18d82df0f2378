import { BookOpen, MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { BRAND } from '#domain/brand.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { openSupportDialog } from '#web/lib/support-dialog-store.ts';
import { FaqAccordion } from './FaqAccordion';

const FAQ = [
  {
    question: 'How do I find a beauty professional near me?',
    answer:
      "Type the service you want, such as 'balayage', 'gel nails' or 'beard trim', and add a 5-digit zip code to see providers near you. Narrow the results by price range and availability (today, tomorrow, weekdays, weekends, evenings, or the exact days and hours that suit you). Small typos are corrected for you.",
  },
  {
    question: 'Can I filter for providers who fit my needs?',
    answer:
      'Yes. Choose up to three experience options: LGBTQIA+ friendly, wheelchair accessible, silent service, neurodivergent friendly, private studio, gratuity-free and kid-friendly, plus amenities such as parking, multilingual service and free Wi-Fi.',
  },
  {
    question: 'How do favourites and opening alerts work?',
    answer:
      'Log in and tap the heart to save a provider; you can also save favourite services on your account page. When a saved provider posts a short-notice opening in the next 5 days, we email you (at most one email per provider per hour). Each email has a one-click unsubscribe link, and you can switch alerts off on your account page.',
  },
  {
    question: 'What are upcoming openings?',
    answer:
      'Providers post short-notice openings for the next 5 days. They appear in Upcoming Availability on this page, each with a Book button.',
  },
  {
    question: 'How do I book an appointment?',
    answer: `Press Book and the provider's own booking page opens in a new tab, and you book with them there. ${BRAND.name} takes no bookings or payments.`,
  },
  {
    question: 'How do I become a provider?',
    answer:
      'Sign up as a provider, or choose "Become a Service Provider" on your account page if you already have a client account. Then build your public profile: bio, location, booking link, services and pricing, specialties, amenities, availability and a portfolio of up to 10 images. You can post openings and see how many clients clicked Book.',
  },
  {
    question: `Does ${BRAND.name} cost anything?`,
    answer: `No. ${BRAND.name} is free for clients and for providers during the beta.`,
  },
] as const;

/** The home page's FAQ (docs/product.md §2 'Home'): seven questions, then ways to get more help. */
export function HomeFaq() {
  return (
    <section aria-labelledby="home-faq-title" className="mx-auto max-w-3xl px-4 pt-16">
      <h2 id="home-faq-title" className="text-center text-2xl font-bold text-app sm:text-3xl">
        Frequently Asked Questions
      </h2>
      <div className="mt-6 rounded-2xl border border-app bg-card px-5 sm:px-6">
        <FaqAccordion items={FAQ} />
      </div>
      <div className="mt-8 text-center">
        <p className="text-lg font-semibold text-app">Still have questions?</p>
        <p className="mt-1 text-sm text-muted">We reply within 24 hours.</p>
        <div className="mt-4 flex flex-col items-center justify-center gap-2 sm:flex-row">
          <Button onClick={openSupportDialog}>
            <MessageCircle className="h-4 w-4" aria-hidden="true" /> Contact Support
          </Button>
          <Button variant="outline" asChild>
            <Link to="/help">
              <BookOpen className="h-4 w-4" aria-hidden="true" /> Browse Help Center
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
