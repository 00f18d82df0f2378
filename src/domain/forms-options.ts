/** Feedback, support and investor forms: texts and limits (no zod, so pages can load them cheaply). */

import { LIMITS } from './options';

export const FORM_LIMITS = {
  nameMax: 100,
  subjectMax: 200,
  messageMax: 5000,
  phoneMax: LIMITS.phoneMax,
} as const;

export const FEEDBACK_TYPES = ['feedback', 'bug', 'feature', 'support'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export const URGENCIES = ['low', 'normal', 'high'] as const;

export const FORM_TEXTS = {
  messageRequired: 'Please enter a message',
  /** Over FORM_LIMITS.messageMax: refused, never cut (the form counts as the person types). */
  messageTooLong: `Messages can be at most ${FORM_LIMITS.messageMax.toLocaleString('en-US')} characters`,
  investorRequired: 'Please fill in all required fields',
  supportMissingTitle: 'Missing Information',
  supportMissing: 'Please fill in all required fields.',
  feedbackFailed: 'Failed to submit feedback. Please try again.',
  investorFailed: 'Failed to submit inquiry. Please try again.',
  thankYou: 'Thank you!',
  feedbackSent: 'Your feedback has been submitted successfully.',
  investorSent: "Your investor inquiry has been submitted successfully. We'll be in touch soon.",
  supportSentTitle: 'Support Request Sent',
  supportSent: "We'll get back to you within 24 hours.",
  supportFailedTitle: 'Error',
  submitting: 'Submitting...',
} as const;

/**
 * The hidden field bots fill in and people never see (it is off-screen and out of the tab order).
 * A post with it filled is answered like a success and dropped.
 */
export const HONEYPOT_FIELD = 'website';
