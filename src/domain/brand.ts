/** The product's name and fixed texts, used by the web app and in emails. */
export const BRAND = {
  name: 'Glowfind',
  tagline: 'Search Smarter. Book Better.',
  hero: 'Your beauty, your way',
  supportEmail: 'support@glowfind.example',
} as const;
