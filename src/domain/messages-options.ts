/** Conversations (threads and the inbox): limits and texts, without zod, so pages load them cheaply. */

export const MESSAGE_LIMITS = {
  /** One message's text. */
  bodyMax: 5000,
  /** Threads per page of the inbox. */
  threadsPage: 20,
  /** Messages per page of a thread (older ones load on demand). */
  messagesPage: 50,
  /** New threads a person may start per day (continuing one is not counted). */
  newThreadsPerDay: 20,
  /** Messages a person may send per minute, in all threads. */
  perMinute: 10,
  /** Saved replies per provider, and their sizes. */
  savedRepliesMax: 10,
  savedReplyTitleMax: 60,
  savedReplyBodyMax: 2000,
  /** A report's details. */
  reportDetailsMax: 500,
  /** At most one email per thread and person per this many minutes while it stays unread. */
  notifyEveryMinutes: 15,
  /** 'Usually replies within N hours': from at least this many replies in the last replyWindowDays. */
  replyTimeMinReplies: 5,
  replyWindowDays: 90,
  /** Emailed replies: the largest message the inbound server takes. */
  inboundMaxBytes: 1024 * 1024,
} as const;

export const MESSAGE_REPORT_REASONS = ['spam', 'harassment', 'scam', 'offensive', 'other'] as const;
export type MessageReportReason = (typeof MESSAGE_REPORT_REASONS)[number];

export const MESSAGE_REPORT_REASON_LABELS: Record<MessageReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or threats',
  scam: 'Scam or asks to pay outside Glowfind',
  offensive: 'Offensive or hateful',
  other: 'Something else',
};

/** What a thread's reader can no longer do, and why (null: they can reply). */
export const READ_ONLY_REASONS = ['blocked_by_me', 'blocked_me', 'deleted'] as const;
export type ReadOnlyReason = (typeof READ_ONLY_REASONS)[number];

/**
 * The header's Messages link, by its unread total: on its own so the header (in every page's first
 * load) takes this one function and not all of MESSAGE_TEXTS.
 */
export const unreadTotalText = (n: number) => (n === 0 ? 'Messages' : `Messages, ${n} unread`);

export const MESSAGE_TEXTS = {
  // The profile's dialog (docs/product.md 'Message dialog').
  sentTitle: 'Message sent',
  sentTo: (name: string) => `Message sent to ${name}`,
  failed: 'Failed to send message. Please try again.',
  required: 'Please enter a message',
  tooLong: `Messages can be at most ${MESSAGE_LIMITS.bodyMax} characters`,
  viewConversation: 'View conversation',
  dialogDescription: (name: string) =>
    `Your message goes to ${name}'s inbox on Glowfind, and they get an email about it. You'll find the conversation under Messages.`,
  askAboutOpening: 'Ask about this opening',
  openingQuestion: (when: string) => `Hi! Is your opening on ${when} still available?`,
  /** The login dialog's notice when a visitor presses 'Ask about this opening' (the profile's Message says the same). */
  loginToMessage: 'Please log in to send a message.',
  /** The inbox's right-hand pane before a conversation is chosen (wide screens). */
  chooseThread: 'Choose a conversation to read it here.',
  allMessages: 'All messages',
  reportedByYou: 'Reported',
  sentByYou: 'Sent',
  // The inbox.
  inboxTitle: 'Messages',
  inboxEmpty:
    'No messages yet. When you write to a provider, or a client writes to you, the conversation shows here.',
  unansweredEmpty: 'Every conversation is answered.',
  filterAll: 'All',
  filterUnanswered: 'Unanswered',
  inboxFailed: 'Failed to load your messages',
  threadFailed: 'Failed to load this conversation',
  threadNotFound: 'Conversation not found',
  loadOlder: 'Load earlier messages',
  loadMore: 'Load more conversations',
  deletedAccount: 'Deleted account',
  /** The other party's name when their account has none of its own (sign-up's default is part of their email). */
  unnamedMember: 'Glowfind member',
  you: 'You',
  unread: (n: number) => (n === 1 ? '1 unread message' : `${n} unread messages`),
  unreadTotal: unreadTotalText,
  replyLabel: 'Your reply',
  replyPlaceholder: 'Write a reply…',
  send: 'Send',
  sending: 'Sending...',
  sentViaEmail: 'Sent by email',
  read: 'Read',
  delivered: 'Delivered',
  hiddenByModerators: 'This message was hidden by our moderators.',
  attachmentsDropped: 'Attachments sent by email are not shown in conversations.',
  emailCut: `This emailed reply was longer than ${MESSAGE_LIMITS.bodyMax.toLocaleString('en-US')} characters and was cut.`,
  readOnly: {
    blocked_by_me: 'You blocked this person. Unblock them to write again.',
    blocked_me: 'You can no longer message this person.',
    deleted: 'This account was deleted. The conversation is kept for your records.',
  } satisfies Record<ReadOnlyReason, string>,
  // Blocking from a thread.
  block: 'Block',
  unblock: 'Unblock',
  blockTitle: (name: string) => `Block ${name}?`,
  blockClientWhat: 'They will no longer be able to message you. You can unblock them from this conversation.',
  blockProviderWhat:
    "You won't get their messages or emails about their openings, and they can't message you. You can unblock them from this conversation or your account page.",
  blocked: 'Blocked',
  unblocked: 'Unblocked',
  blockFailed: 'Failed to update. Please try again.',
  cannotMessage: 'You can no longer message this person.',
  ownProfile: 'You cannot send a message to yourself.',
  // Reporting.
  report: 'Report',
  reportTitle: 'Report this message',
  reportWhat:
    'Our moderators will read this message and may hide it or warn its sender. The sender is not told who reported it.',
  reportReason: 'Reason',
  reportReasonRequired: 'Please choose why you are reporting this message',
  reportDetails: 'Details (optional)',
  reportDetailsTooLong: `Details must be at most ${MESSAGE_LIMITS.reportDetailsMax} characters`,
  reported: 'Message reported. Thank you.',
  alreadyReported: 'You already reported this message.',
  reportOwn: 'You cannot report your own message.',
  reportFailed: 'Failed to report the message. Please try again.',
  // Limits.
  tooManyThreads: `You can start up to ${MESSAGE_LIMITS.newThreadsPerDay} new conversations a day. Try again tomorrow, or continue one you have.`,
  tooFast: 'You are sending messages too quickly. Please wait a minute.',
  // Saved replies.
  savedRepliesTitle: 'Saved replies',
  savedRepliesIntro: `Answers you give often, inserted into a reply with one click (up to ${MESSAGE_LIMITS.savedRepliesMax}).`,
  savedRepliesEmpty: 'No saved replies yet.',
  savedReplyTitle: 'Title',
  savedReplyBody: 'Reply',
  savedReplyTitleRequired: 'Please give the reply a title',
  savedReplyTitleTooLong: `Titles can be at most ${MESSAGE_LIMITS.savedReplyTitleMax} characters`,
  savedReplyBodyRequired: 'Please write the reply',
  savedReplyBodyTooLong: `Saved replies can be at most ${MESSAGE_LIMITS.savedReplyBodyMax} characters`,
  tooManySavedReplies: `You can keep up to ${MESSAGE_LIMITS.savedRepliesMax} saved replies. Delete one to add another.`,
  savedReplyAdded: 'Saved reply added',
  savedReplyUpdated: 'Saved reply updated',
  savedReplyDeleted: 'Saved reply deleted',
  savedReplyFailed: 'Failed to save the reply. Please try again.',
  insertSavedReply: 'Insert a saved reply',
  savedReplyNotFound: 'Saved reply not found',
  providersOnly: 'Only providers have saved replies.',
  // The profile.
  usuallyReplies: (hours: number) =>
    hours <= 1 ? 'Usually replies within an hour' : `Usually replies within ${hours} hours`,
} as const;

/** Emails about messages. */
export const MESSAGE_MAIL_TEXTS = {
  subject: (name: string) => `New message from ${name}`,
  subjectMany: (name: string, n: number) => `${n} new messages from ${name}`,
  replyByEmail: 'Reply to this email to answer, or open the conversation:',
  replyInApp: 'Replies to this email are not read. Answer in Glowfind:',
  openConversation: 'Open the conversation',
} as const;

/** Reporting and the moderators' actions on messages (PUT /api/admin/messages/:id answers these). */
export const MESSAGE_MODERATION_TEXTS = {
  /** A message that is not in one of your conversations (or no message at all). */
  messageNotFound: 'Message not found',
  title: 'Messages',
  reportedTab: 'Reported',
  hiddenTab: 'Hidden',
  reportedEmpty: 'No reported messages.',
  hiddenEmpty: 'No hidden messages.',
  hide: 'Hide',
  restore: 'Show again',
  warn: 'Warn sender',
  dismiss: 'Dismiss reports',
  hidden: 'Message hidden. Both people now see that our moderators hid it.',
  restored: 'Message shown again.',
  warned: 'We emailed the sender a warning.',
  warnedNoSender: 'The sender deleted their account, so no warning was sent.',
  dismissed: 'Reports dismissed.',
} as const;
