/**
 * The provider's account page, section by section, in page order: each id is on the section's
 * element (a card, or the route's wrapper around another feature's card), and the section menu links
 * to it. The labels are the sections' own headings.
 */
export const ACCOUNT_SECTIONS = [
  { id: 'account', label: 'Account' },
  { id: 'provider-profile', label: 'Provider Profile' },
  { id: 'portfolio', label: 'Portfolio' },
  { id: 'pricing', label: 'Services & Pricing' },
  { id: 'policies', label: 'Booking Policies' },
  { id: 'details', label: 'Details' },
  { id: 'availability', label: 'Availability' },
  { id: 'map-position', label: 'Map position' },
  { id: 'openings', label: 'Upcoming Availability' },
  { id: 'booking-interest', label: 'Booking Interest' },
  { id: 'insights', label: 'Insights' },
  { id: 'saved-providers', label: 'Saved Providers' },
  { id: 'favorite-services', label: 'Favorite Services' },
  { id: 'saved-searches', label: 'Saved searches' },
  { id: 'blocked-providers', label: 'Blocked providers' },
] as const;

export type AccountSectionId = (typeof ACCOUNT_SECTIONS)[number]['id'];

/** Clears the sticky header (4rem) when a section is scrolled to the top. */
export const SECTION_SCROLL_MARGIN = 'scroll-mt-20';
