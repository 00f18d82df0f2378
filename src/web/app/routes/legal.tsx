import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DELETION_KEEPS, DELETION_REMOVES, EXPORT_CONTENTS } from '#domain/account-data-texts.ts';
import { BRAND } from '#domain/brand.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';

const LAST_UPDATED = '07/24/2025';

interface Section {
  id: string;
  title: string;
  body: ReactNode;
}

const linkClass =
  'font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200';

const SupportEmail = () => (
  <a href={`mailto:${BRAND.supportEmail}`} className={linkClass}>
    {BRAND.supportEmail}
  </a>
);

const TERMS: Section[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these Terms',
    body: (
      <p>
        These Terms of Service are an agreement between you and {BRAND.name}. By creating an account or using
        the website you agree to them and to our{' '}
        <Link to="/privacy" className={linkClass}>
          Privacy Policy
        </Link>
        . If you do not agree, please do not use {BRAND.name}. We may update these Terms; the date at the top
        shows the latest version, and continuing to use the service after a change means you accept it.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <p>
        You must be at least 18 years old to create an account or use {BRAND.name}. By using it you confirm
        that you are 18 or older and able to agree to these Terms.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <>
        <p>
          You sign up with your name, email address and a password, and you confirm your email address before
          signing in. Keep your password to yourself: you are responsible for what happens under your account.
          Tell us at <SupportEmail /> if you think someone else has used it.
        </p>
        <p>
          Provide accurate information and keep it up to date. A client account can be upgraded to a provider
          account at any time from the account page.
        </p>
      </>
    ),
  },
  {
    id: 'directory',
    title: 'What the service is',
    body: (
      <>
        <p>
          {BRAND.name} is a directory that helps clients find independent beauty professionals (hair stylists,
          massage therapists, barbers, nail techs and estheticians). Clients can search, save favourites and
          get email alerts when a saved provider posts a short-notice opening.
        </p>
        <p>
          We do not take bookings or payments. The Book Now button sends you to the provider's own booking
          page, and any appointment, price, cancellation or payment is agreed between you and the provider. We
          are not a party to that arrangement and do not employ or endorse the providers listed. We count
          clicks on booking links so providers can see their analytics. {BRAND.name} is free for clients and
          providers during beta.
        </p>
      </>
    ),
  },
  {
    id: 'providers',
    title: 'Provider responsibilities',
    body: (
      <>
        <p>If you list yourself as a provider, you agree that:</p>
        <ul>
          <li>
            your business name, location, services, prices, availability and openings are accurate and kept
            current;
          </li>
          <li>
            you hold every license, certification and insurance your work requires where you practise, and any
            license details you show are true;
          </li>
          <li>your booking link leads to a page you control and that you honour the openings you post;</li>
          <li>
            you follow the laws that apply to your business, including health, safety and consumer rules.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'clients',
    title: 'Client conduct',
    body: (
      <p>
        Treat providers with respect. Messages you send go to the provider's inbox on {BRAND.name}, so send
        only genuine enquiries; don't harass, spam or ask for payment details. Our moderators may hide
        messages that break these rules and close accounts that break them repeatedly. Follow each provider's
        own booking, cancellation and payment policies.
      </p>
    ),
  },
  {
    id: 'content',
    title: 'Your content',
    body: (
      <p>
        You keep ownership of what you post: profile text, photos and portfolio images. You give {BRAND.name}{' '}
        a non-exclusive, royalty-free licence to store, resize and display that content on the service so that
        it can show your profile to others. The licence ends when the content or your account is deleted. Only
        upload content you have the right to share, and no photos of people without their permission. We
        remove location and camera metadata from uploaded images.
      </p>
    ),
  },
  {
    id: 'prohibited',
    title: 'Prohibited uses',
    body: (
      <>
        <p>You may not:</p>
        <ul>
          <li>post false, misleading, hateful, sexual or illegal content, or impersonate someone else;</li>
          <li>send spam or unwanted messages, or use provider contact details for marketing;</li>
          <li>scrape, copy or resell listings, or access the service with bots beyond ordinary browsing;</li>
          <li>
            try to break, overload or get around the security of the service or other people's accounts.
          </li>
        </ul>
        <p>We may remove content or suspend accounts that break these rules.</p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Disclaimers and limitation of liability',
    body: (
      <>
        <p>
          {BRAND.name} is in beta and is provided "as is" and "as available", without warranties of any kind.
          We do not check every listing and cannot promise that providers, their services or their
          availability are as described, or that the service will always be available or error-free.
        </p>
        <p>
          To the fullest extent the law allows, {BRAND.name} is not liable for any indirect, incidental or
          consequential damages, or for any loss arising from services you book with a provider.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Termination and account deletion',
    body: (
      <p>
        You can stop using {BRAND.name} at any time, and delete your account yourself under{' '}
        <Link to="/settings" className={linkClass}>
          Settings
        </Link>{' '}
        → Your data → Delete my account, after confirming your password. Deletion takes effect at once and
        cannot be undone: your profile, content and settings are deleted as our{' '}
        <Link to="/privacy" className={linkClass}>
          Privacy Policy
        </Link>{' '}
        describes, your conversations stay with the people you talked to, shown as “Deleted account”, and your
        email address may sign up again as a new account. We may suspend or close an account that breaks these
        Terms or puts others at risk. Sections on your content licence ending, disclaimers, limitation of
        liability and governing law survive termination.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law and contact',
    body: (
      <p>
        These Terms are governed by the laws of the State of Iowa, United States, without regard to its
        conflict-of-law rules, and any dispute will be heard in the state or federal courts located in Iowa.
        Questions about these Terms? Email us at <SupportEmail />.
      </p>
    ),
  },
];

const PRIVACY: Section[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        {BRAND.name} is a marketplace where clients find independent beauty professionals and providers
        publish their profile and openings. This policy explains what we collect, why, and the choices you
        have. It applies to the website and the emails we send.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Account:</strong> your name, email address and password. Passwords are stored only as a
          one-way hash, never in readable form.
        </li>
        <li>
          <strong>Provider profile:</strong> what a provider chooses to publish, such as business name, bio,
          location, services and prices, specialties, certifications, amenities, availability, license details
          and booking link.
        </li>
        <li>
          <strong>Favourites:</strong> the providers and services you save.
        </li>
        <li>
          <strong>Search logs:</strong> the search text, zip code and filters you use, with a random session
          id that lasts for your browser tab and, if you are signed in, your account.
        </li>
        <li>
          <strong>Booking-click logs:</strong> when a signed-in client clicks a provider's booking link, the
          link, the provider, the client account and the time.
        </li>
        <li>
          <strong>Saved searches:</strong> the searches you save (the words, zip code, radius, price,
          availability and experience filters, and the name you give them), whether alerts are on for each,
          and a history of the alerts we sent you, so the same opening is not sent twice and the daily email
          limit holds.
        </li>
        <li>
          <strong>Blocked providers:</strong> the providers you block, so we send you nothing about their
          openings, until you unblock them.
        </li>
        <li>
          <strong>Provider insights:</strong> counts per provider and day, never who: how often a provider
          appeared in search results your browser showed, how many different visitors opened their profile,
          new favourites, saved-search alerts that listed them, and the words of the searches that showed
          them. To count each visitor once a day, the site stores a code made from your internet (IP) address
          and browser type mixed with a random value for that day; the random value is deleted soon after the
          day ends, after which the code cannot be connected to anyone. These counts come from the page in
          your browser, so visits by search-engine robots and other automated tools are not counted.
        </li>
        <li>
          <strong>Conversations:</strong> the messages you send and receive on {BRAND.name} (their text and
          when each was sent), whether each person has read them, whether a message came in as a reply by
          email, and when we last emailed you about a conversation. When you answer one of our emails by
          replying to it, we keep the text of your reply and discard the rest of the email (attachments,
          quoted history and the email itself). Providers' saved replies and how long providers take to answer
          clients are kept too; the profile shows only the usual reply time, worked out from at least five
          answers in the last 90 days.
        </li>
        <li>
          <strong>Notifications on your devices:</strong> for each device you turn notifications on for, the
          address its browser's push service gave it and the keys that encrypt what we send to it (never shown
          to anyone, not even in your data download), its browser and system, which kinds it gets, when it was
          added and last notified, and your quiet hours. A device is removed when you remove it, when you log
          out of the session that turned it on, or when its push service says it is gone. When you open a
          notification about an opening we note it, so the alert email leaves that opening out; the provider
          sees only how many notifications were opened, never by whom.
        </li>
        <li>
          <strong>Reports and blocks:</strong> the messages you report, with the reason and any details you
          add, and the people you block from messaging you.
        </li>
        <li>
          <strong>Uploaded images:</strong> profile pictures and portfolio photos, with their metadata (such
          as location and camera details) removed.
        </li>
        <li>
          <strong>Feedback and inquiries:</strong> what you send through the feedback, support and investor
          forms, including any name, email or phone number you give.
        </li>
      </ul>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use it',
    body: (
      <ul>
        <li>to run your account and show provider profiles, openings and search results;</li>
        <li>to save your favourites and alert you when a saved provider posts an opening;</li>
        <li>to show providers how many clients click through to their booking page;</li>
        <li>
          to show providers their insights: how often they appeared in searches, were viewed, saved and
          included in alerts;
        </li>
        <li>
          to email you openings that match your saved searches, when you turn their alerts on, and to show
          them to you under 'New for you' on the home page;
        </li>
        <li>to understand which searches people make so we can improve the service;</li>
        <li>to answer feedback and support requests, and to keep the service secure and prevent abuse.</li>
      </ul>
    ),
  },
  {
    id: 'emails',
    title: 'Emails we send',
    body: (
      <>
        <p>We only send emails connected to using {BRAND.name}:</p>
        <ul>
          <li>email verification when you sign up, and password reset links when you ask for one;</li>
          <li>
            an email when someone writes to you in a conversation you have not read yet (at most one per
            conversation every 15 minutes; you can turn these off in Settings or with the link in each one),
            which you can answer by replying to it;
          </li>
          <li>a warning from our moderators if a message you sent breaks our rules;</li>
          <li>
            besides emails, notifications only on the devices where you pressed 'Notify me on this device':
            new openings from providers you saved, new matches for your saved searches and new messages, each
            kind with its own switch in Settings;
          </li>
          <li>
            opening alerts when a provider you saved posts a short-notice opening; each alert has a one-click
            unsubscribe link;
          </li>
          <li>acknowledgements when you contact support.</li>
        </ul>
        <p>We do not send advertising emails.</p>
      </>
    ),
  },
  {
    id: 'storage',
    title: 'Cookies and local storage',
    body: (
      <>
        <p>
          {BRAND.name} does not use tracking cookies, advertising networks or third-party analytics. Your
          browser's local storage keeps:
        </p>
        <ul>
          <li>
            <code>glowfind.signed-in</code>: that you are signed in (your account's id, no password or token),
            so a page you open knows to restore your session from its secure cookie;
          </li>
          <li>
            <code>glowfind.theme</code>: whether you chose the light or dark theme;
          </li>
          <li>
            <code>admin-auth</code>: only while the beta is password-protected, your beta access pass.
          </li>
        </ul>
        <p>
          The random search session id is kept in session storage and is gone when you close the tab. Clearing
          your browser's site data removes all of these.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing',
    body: (
      <>
        <p>
          We do not sell or rent your personal data. Provider profiles are public by design. Providers see
          counts of clicks on their booking link and their insights (counts per day and the most frequent
          search words), not your email address or who you are.
        </p>
        <p>
          A conversation is seen only by its two people: what you write there is shown to the person you write
          to, with your name, never your email address. Our moderators read a message only when one of the two
          people reports it, and then only that message. Nobody else reads your conversations.
        </p>
        <p>
          We use service providers only to run {BRAND.name} (hosting and sending email), and we may disclose
          information if the law requires it.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'Retention',
    body: (
      <>
        <p>
          We keep your account, profile, favourites, saved searches and images while your account exists.
          Search and booking-click logs are kept to produce analytics for providers and for us. Feedback and
          support messages are kept as long as we need them to answer and to improve the service.
        </p>
        <p>
          A conversation is kept while either of its two people still has an account: when one deletes their
          account, the other keeps the conversation, read-only, with the deleted side shown as “Deleted
          account”; when both accounts are deleted, the conversation and all its messages are deleted. A
          message hidden by our moderators is kept with the conversation, and its report until a moderator
          dismisses it or the reporter deletes their account. The times behind a provider's usual reply time
          count for 90 days and are deleted with the conversation or the provider's account.
        </p>
        <p>
          You can delete your account yourself at any time (Settings → Your data → Delete my account). As soon
          as you confirm:
        </p>
        <ul>
          {DELETION_REMOVES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>What stays:</p>
        <ul>
          {DELETION_KEEPS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p>
          Of the account itself we keep only a count of deletions per day and kind of account. Our email log
          keeps the date and kind of the emails sent to your address, without their text, so that the limits
          on how much mail any address can be sent still count them.
        </p>
        <p>
          Insights are kept as daily counts, which say nothing about who was counted. The raw records behind
          them are deleted after 30 days at most: the daily visitor codes and the random value that made them
          are deleted within two days, and the history of saved-search alerts sent to you after 30 days. You
          can delete your saved searches, and that alert history, yourself on your account page at any time.
        </p>
      </>
    ),
  },
  {
    id: 'choices',
    title: 'Your choices',
    body: (
      <ul>
        <li>Edit your name and, for providers, your whole profile at any time on the account page.</li>
        <li>Remove saved favourites whenever you like.</li>
        <li>Turn off opening alerts with the one-click unsubscribe link in any alert email.</li>
        <li>
          Download your data: Settings → Your data → Download my data gives you, at once, one file (JSON) with
          everything we hold about you: {EXPORT_CONTENTS.join('; ')}. Your photos are in it as links you can
          open and save.
        </li>
        <li>
          Delete your account yourself: Settings → Your data → Delete my account. It takes effect at once; the
          Retention section above says what is deleted and what stays.
        </li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Passwords are stored hashed. In production the site is served only over HTTPS, sign-in sessions expire
        and are refreshed, and the service limits how often sensitive actions can be tried. No system is
        perfectly secure, so please use a strong password you do not use elsewhere.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        {BRAND.name} is not for anyone under 18, and we do not knowingly collect data from children. If you
        believe a child has given us information, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about this policy or your data? Email <SupportEmail />. If we change this policy, we will
        update the date at the top of this page.
      </p>
    ),
  },
];

/** A legal page: title, date, a table of contents linking to its numbered sections. */
function LegalDocument({ title, intro, sections }: { title: string; intro: string; sections: Section[] }) {
  return (
    <article className="mx-auto max-w-4xl px-4 pt-10 pb-16 sm:pt-14">
      <header>
        <h1 className="text-3xl font-bold text-app sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-muted">Last updated {LAST_UPDATED}</p>
        <p className="mt-4 text-base leading-relaxed text-muted">{intro}</p>
      </header>

      <nav aria-labelledby="toc-title" className="mt-8 rounded-2xl border border-app bg-card p-5 sm:p-6">
        <h2 id="toc-title" className="text-sm font-semibold tracking-wide text-muted uppercase">
          Contents
        </h2>
        <ol className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {sections.map((section, index) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className={linkClass}>
                {index + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-10 space-y-10">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="scroll-mt-24"
          >
            <h2 id={`${section.id}-title`} className="text-xl font-semibold text-app">
              {index + 1}. {section.title}
            </h2>
            <div className="mt-3 space-y-3 leading-relaxed text-muted [&_li]:pl-1 [&_strong]:text-app [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5 [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_code]:py-0.5 [&_code]:text-sm [&_code]:text-app">
              {section.body}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}

/** /terms (docs/product.md §2 'Terms and Privacy'): eleven sections, governed by Iowa law. */
export function TermsPage() {
  useDocumentTitle(`Terms of Service · ${BRAND.name}`);
  return (
    <LegalDocument
      title="Terms of Service"
      intro={`These terms explain the rules for using ${BRAND.name}, what we do and what we don't do. Please read them before you sign up.`}
      sections={TERMS}
    />
  );
}

/** /privacy (docs/product.md §2 'Terms and Privacy'): eleven sections; not for under 18s; support contact. */
export function PrivacyPage() {
  useDocumentTitle(`Privacy Policy · ${BRAND.name}`);
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={`This policy describes the personal data ${BRAND.name} stores, why we store it, and how you can control it.`}
      sections={PRIVACY}
    />
  );
}
