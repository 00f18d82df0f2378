/** Reviews: the rules, limits and texts (no zod, so pages can load them cheaply). */

export const REVIEW_LIMITS = {
  /** A booking click makes its client eligible this long after it (the appointment has happened). */
  eligibleAfterHours: 2,
  /** …and for this long after it. */
  eligibleForDays: 90,
  /** Only a click made when the account was at least this old opens a review (ADR 008). */
  accountMinAgeHours: 24,
  /** New reviews one account may post in any 24 hours. */
  perDayMax: 3,
  /** Its author may edit a review this long after posting it. */
  editableForDays: 30,
  textMax: 1000,
  replyMax: 1000,
  reportReasonMax: 500,
  serviceMax: 100,
  pageDefault: 10,
  pageMax: 50,
  adminPageDefault: 20,
  adminPageMax: 100,
} as const;

export const REPORT_REASONS = ['spam', 'offensive', 'fake', 'private', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  offensive: 'Offensive or hateful',
  fake: 'Not a real client or visit',
  private: 'Shares private information',
  other: 'Something else',
};

/** Why a review waits for a moderator before it is shown (reviews.held_reason). */
export const HELD_REASONS = ['shared_registration_address'] as const;
export type HeldReason = (typeof HELD_REASONS)[number];

export const HELD_REASON_LABELS: Record<HeldReason, string> = {
  shared_registration_address: 'Reviewer signed up from the same address as the provider',
};

export const REVIEW_TEXTS = {
  rule: 'Reviews come from clients who booked through this page.',
  ruleDetail:
    'You can review a professional from 2 hours until 90 days after you click Book on their page, signed in to an account at least a day old, once per professional. You can edit your review for 30 days.',
  heading: 'Reviews',
  noReviews: 'No reviews yet.',
  loadFailed: 'Unable to load reviews. Please try again later.',
  ratingRequired: 'Please choose a rating from 1 to 5 stars',
  textTooLong: `Reviews can be at most ${REVIEW_LIMITS.textMax} characters`,
  serviceRequired: 'Please choose the service you had',
  unknownService: 'Choose a service from this professional’s list',
  noBooking:
    'Reviews come from clients who booked through this page. Click Book on this profile to book first.',
  tooEarly: 'You can review this professional 2 hours after you clicked Book.',
  tooLate: 'Reviews can be left up to 90 days after booking. Book again to leave a review.',
  accountTooNew:
    'Your account was less than a day old when you clicked Book. Click Book on this page again once your account is a day old, and you can review 2 hours later.',
  dailyLimit: `You can post up to ${REVIEW_LIMITS.perDayMax} new reviews a day. Please try again later.`,
  held: 'Your review is waiting for a moderator. It appears on this page once they approve it.',
  postedHeld: 'Thank you! Your review is waiting for a moderator before it appears.',
  ownProfile: 'You cannot review your own profile.',
  alreadyReviewed: 'You have already reviewed this professional. You can edit your review instead.',
  editExpired: 'Reviews can be edited for 30 days after posting.',
  notFound: 'Review not found',
  replyRequired: 'Please write a reply',
  replyTooLong: `Replies can be at most ${REVIEW_LIMITS.replyMax} characters`,
  reportReasonRequired: 'Please choose why you are reporting this review',
  reportOwn: 'You cannot report your own review.',
  posted: 'Thank you! Your review is posted.',
  updated: 'Your review is updated.',
  deleted: 'Your review is deleted.',
  replyPosted: 'Your reply is posted.',
  replyDeleted: 'Your reply is deleted.',
  reported: 'Thanks. Our team will look at this review.',
  loginToReview: 'Please log in to leave a review',
  invite: (name: string) => `How was your visit with ${name}?`,
  inviteBody: 'You booked through this page. Your review helps other clients find the right professional.',
  hidden: 'Review hidden',
  restored: 'Review restored',
  dismissed: 'Reports dismissed',
  noReported: 'No reported reviews',
  noHeld: 'No reviews waiting for a moderator',
  published: 'Review published',
} as const;

/** '4.8' — the average as shown everywhere (one decimal). */
export const formatRating = (rating: number) => rating.toFixed(1);

export const reviewCountLabel = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

/** 'Jordan Mae Smith' → 'Jordan S.'; one word stays as it is. Reviews never show more of a name. */
export function reviewerName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  if (!first) return 'Client';
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  const initial = last ? Array.from(last)[0]?.toLocaleUpperCase() : undefined;
  return initial ? `${first} ${initial}.` : first;
}
