import { PageShell } from './page-shell';

/** Pages whose content arrives with later issues (help, about, legal). */
export function HelpPage() {
  return (
    <PageShell
      title="How Can We Help You?"
      intro="Answers about searching, profiles and your account are on their way."
    />
  );
}
export function AboutPage() {
  return (
    <PageShell title="About Us" intro="We help you find the independent beauty professional who fits you." />
  );
}
export function TermsPage() {
  return <PageShell title="Terms of Service" intro="Last updated 07/24/2025" />;
}
export function PrivacyPage() {
  return <PageShell title="Privacy Policy" intro="Last updated 07/24/2025" />;
}
