import { BRAND } from '#domain/brand.ts';

/** The help centre's content (docs/product.md §2 'Help'): eight categories of questions and answers. */

export const HELP_CATEGORIES = [
  'Getting Started',
  'Search & Discovery',
  'Provider Profiles',
  'Booking & Appointments',
  'Account & Features',
  'For Beauty Professionals',
  'Safety & Trust',
  'Technical Support',
] as const;
export type HelpCategory = (typeof HELP_CATEGORIES)[number];

export interface HelpArticle {
  category: HelpCategory;
  question: string;
  answer: string;
}

export interface HelpSection {
  category: HelpCategory;
  articles: { question: string; answer: string }[];
}

export const HELP_SECTIONS: HelpSection[] = [
  {
    category: 'Getting Started',
    articles: [
      {
        question: `What is ${BRAND.name}?`,
        answer: `${BRAND.name} helps you find independent beauty professionals (hair stylists, barbers, nail techs, estheticians, massage therapists and more), compare their services and prices, and book with them directly on their own booking page.`,
      },
      {
        question: `How much does ${BRAND.name} cost?`,
        answer: `${BRAND.name} is free for clients and for providers during the beta.`,
      },
      {
        question: 'Do I need an account to search?',
        answer:
          'No. Anyone can search and view provider profiles. An account lets you save favourite providers and services, get emails about last-minute openings and message providers.',
      },
      {
        question: 'How do I create an account?',
        answer:
          'Choose Sign up / Log in at the top of the page, then Sign up. Pick Client or Provider, enter your details and confirm your email address with the link we send you before logging in.',
      },
    ],
  },
  {
    category: 'Search & Discovery',
    articles: [
      {
        question: 'How does search work?',
        answer:
          "Type what you are looking for: a service ('balayage', 'hair color', 'beard trim'), a provider's name or a place. You see the providers whose own profile names it, in their services, specialties, bio, name or location. Category words such as 'hair stylist', 'nail tech', 'barber', 'massage therapist' or 'facial' show everyone in that category, those whose profile says it most first. When you search for a service, each card shows that service and its own price ('Balayage · from $180'). Small typos are corrected for you, so 'balyage' still finds balayage. When only a few providers offer the service you searched for, a list such as 'More hair stylists near …' shows other providers of that category below your results; they are not counted in them.",
      },
      {
        question: 'Which filters and sort orders can I use?',
        answer:
          'Price range, availability (today, tomorrow, weekdays, weekends, evenings, or specific days and hours), up to three experience options at a time, and a minimum rating (3+, 3.5+, 4+ or 4.5+ stars). Filters work on their own too: choose one without typing anything to see the providers who meet it. When you search for a service, the price range applies to that service’s price, not to the provider’s other services. You can sort by Best match (the default), Distance (once you enter a zip code), Price: low to high (the price of the service you searched for, or else the provider’s lowest price) or "Highest rated (weighted by number of reviews)". The weighting is simple: each provider’s average is counted as if they also had two 3-star reviews, so a few reviews move it less than many. A 5.0 from 2 reviews counts as 4.0 and does not outrank a 4.6 from 40 reviews (about 4.5). Providers without reviews come after rated ones.',
      },
      {
        question: 'How do I find providers near me?',
        answer:
          "Enter a 5-digit zip code and pick a radius of 5, 10, 25 or 50 miles beside it (25 unless you change it). Or press 'Use my location': your browser asks you once for your position, and our own server turns it into the nearest zip code; your position is never sent anywhere else. With a zip code you can also sort by Distance.",
      },
      {
        question: 'Can I find providers who fit my needs?',
        answer:
          'Yes. The experience filters include LGBTQIA+ friendly, wheelchair accessible, silent service, neurodivergent friendly, private studio, gratuity-free and kid-friendly, plus amenities such as parking, multilingual service and free Wi-Fi.',
      },
      {
        question: 'Where can I see last-minute openings?',
        answer:
          'The Upcoming Availability section on the home page lists openings providers have posted for the next 5 days, each with a Book button.',
      },
    ],
  },
  {
    category: 'Provider Profiles',
    articles: [
      {
        question: "What is on a provider's profile?",
        answer:
          'A profile shows the provider’s bio, location, services and pricing packages, specialties, certifications, amenities, products they use, availability, license details and a portfolio of their work.',
      },
      {
        question: 'How do I save a provider to my favourites?',
        answer:
          'Log in and tap the heart on a provider’s card or profile. Your favourite providers are listed on your account page, and you can remove them there or by tapping the heart again.',
      },
      {
        question: 'Can I message a provider?',
        answer:
          'Yes, when you are logged in. Your message is emailed to the provider with your email address as the reply-to, so their answer comes straight to your inbox.',
      },
      {
        question: 'Why does a provider show "New" instead of a rating?',
        answer:
          'We never show invented ratings. A provider without reviews is marked "New" until the first client who booked through their page reviews them.',
      },
      {
        question: 'Can providers answer reviews?',
        answer:
          "Yes. A provider can post one public reply to each review of them, shown under the review. They cannot change or remove a client's review.",
      },
    ],
  },
  {
    category: 'Booking & Appointments',
    articles: [
      {
        question: 'How do I book an appointment?',
        answer: `Press Book on a provider's profile or on an opening. The provider's own booking page opens in a new tab and you book there. ${BRAND.name} does not take bookings or payments.`,
      },
      {
        question: 'How do I change or cancel a booking?',
        answer: `Through the provider. You booked on their own booking page, so ${BRAND.name} never sees the booking and cannot change or cancel it for you. Use the link in the confirmation their booking page sent you, or contact the provider (signed in, you can message them from their profile). Their cancellation policy decides any late-cancellation or no-show fee, so read it on their booking page and cancel as early as you can.`,
      },
      {
        question: 'Do I pay through the site?',
        answer: `No. ${BRAND.name} takes no payments. You pay the provider as they ask on their booking page or at your appointment.`,
      },
      {
        question: 'Do I have to pay a deposit?',
        answer: `Only if the provider asks for one. Deposits are the provider’s own policy, taken on their booking page: ${BRAND.name} takes no payments and never holds your money. Before you pay, read on their booking page how much the deposit is and when you get it back if you cancel or change the appointment, and ask the provider if anything is unclear.`,
      },
      {
        question: 'What do the deposit and cancellation policies on a profile mean?',
        answer: `They are what the provider states about their own bookings: a deposit they ask when you book (an amount or a percentage of the price), how many hours before the appointment you can cancel, and a short note. We only show what the provider states: ${BRAND.name} takes no payments or deposits and does not apply the policy. It applies on the provider’s own booking page, where you book and pay, so check it there before you pay and ask the provider if anything is unclear. A profile or opening without policies means the provider has not stated any here, not that they have none. Providers state theirs under Booking Policies on their account page.`,
      },
      {
        question: 'How do I get a refund?',
        answer: `Ask the provider. You paid them (or the payment service on their booking page), not ${BRAND.name}, so we cannot see the payment or give your money back. Contact them through their booking page or message them from their profile: say which appointment it was and why you are asking, and keep your confirmation and receipt. If they do not answer, the payment service or card issuer you paid with can tell you what it can do. If you think a provider treated you unfairly, tell us too: contact support with their name and what happened.`,
      },
    ],
  },
  {
    category: 'Account & Features',
    articles: [
      {
        question: 'How do I save favourite services?',
        answer:
          'On your account page you can pick the services you like most, so you can get back to what you are looking for quickly.',
      },
      {
        question: 'I forgot my password. What do I do?',
        answer:
          'Choose Sign up / Log in, then "Forgot password?", and enter your email address. We email you a link to set a new password.',
      },
      {
        question: 'I did not get the verification email.',
        answer:
          'Check your spam folder first. You can ask for a new verification email from the log-in dialog if you try to log in before confirming your address.',
      },
      {
        question: 'How do I delete my account?',
        answer:
          'Go to Settings, then Your data, then Delete my account. It takes effect at once: your profile, photos, favourites, saved searches and reviews are removed, and you can download a copy of your data first.',
      },
      {
        question: 'How do opening alerts work?',
        answer:
          'When a provider you have saved posts a short-notice opening in the next 5 days, we email you. You get at most one email per provider per hour. Every email has a one-click unsubscribe link, and you can switch alerts on or off on your account page.',
      },
    ],
  },
  {
    category: 'For Beauty Professionals',
    articles: [
      {
        question: 'How do I become a provider?',
        answer:
          'Sign up and choose Provider, or, if you already have a client account, open your account page and choose "Become a Service Provider". It is free during the beta.',
      },
      {
        question: 'How do I edit my profile?',
        answer:
          'Everything is on your account page: bio, location and zip code, your booking link, services and pricing packages, specialties, certifications, amenities, products, the availability grid and your license.',
      },
      {
        question: 'How many portfolio images can I upload?',
        answer:
          'Up to 10 images, in JPEG, PNG or WebP format and under 10MB each. Images are resized for the web and their metadata (such as location data) is removed.',
      },
      {
        question: 'How do I post a last-minute opening?',
        answer:
          'On your account page, add an opening in the upcoming availability section. An opening must start at least 30 minutes from now and can last at most 12 hours. Clients who saved you get an email about openings in the next 5 days.',
      },
      {
        question: 'Can I see how many people want to book with me?',
        answer:
          'Yes. The booking-interest analytics on your account page show how many times the Book button was clicked and how many unique clicks that makes (each client counted at most once a day, so someone clicking again and again cannot inflate it), how many different clients clicked, and the last 7 days.',
      },
    ],
  },
  {
    category: 'Safety & Trust',
    articles: [
      {
        question: 'What does a review prove?',
        answer:
          'A review comes from a signed-in account that clicked Book on this provider\'s page at least 2 hours (and at most 90 days) before, when the account was already a day old; each account reviews a professional once and posts at most 3 reviews a day, and providers cannot review themselves. It does not prove the appointment happened: bookings are made on the provider\'s own booking page, so we cannot see whether you went. Reviews from an account that signed up from the same internet address as the provider wait for a moderator before they appear, and anyone can report a review. We never invent ratings; providers without reviews are shown as "New".',
      },
      {
        question: 'How do I report a review?',
        answer:
          'Signed in, choose Report under the review and tell us why. Our team looks at every report and hides reviews that break our rules; hidden reviews no longer count towards the rating.',
      },
      {
        question: 'Is my email address shared with providers?',
        answer:
          'Only when you message a provider: your message is emailed to them with your address as the reply-to so they can answer you.',
      },
      {
        question: 'What happens to the photos I upload?',
        answer:
          'Uploaded images are resized and their metadata, such as camera and location details, is stripped before they are stored.',
      },
      {
        question: 'How do I report a problem with a provider?',
        answer: `Contact support or email ${BRAND.supportEmail} with the provider's name and what happened. We answer within 24 hours.`,
      },
    ],
  },
  {
    category: 'Technical Support',
    articles: [
      {
        question: 'The site is not loading or looks wrong.',
        answer:
          'Reload the page and make sure your browser is up to date. If it still does not work, contact support and tell us your browser and device.',
      },
      {
        question: 'My image upload failed.',
        answer:
          'Images must be JPEG, PNG or WebP and under 10MB, and a portfolio holds at most 10 images. Try a smaller file or remove an image first.',
      },
      {
        question: 'How quickly does support answer?',
        answer: `We reply within 24 hours. Use Contact Support or email ${BRAND.supportEmail}.`,
      },
    ],
  },
];

/** Every article with its category, in page order. */
export const HELP_ARTICLES: HelpArticle[] = HELP_SECTIONS.flatMap((section) =>
  section.articles.map((article) => ({ category: section.category, ...article })),
);
