import { z } from 'zod';
import { PROVIDER_NOT_FOUND } from './errors';
import { MESSAGE_LIMITS, MESSAGE_REPORT_REASONS, MESSAGE_TEXTS, READ_ONLY_REASONS } from './messages-options';

export * from './messages-options';

/**
 * Conversations (docs/product.md 'Messages'): one thread per client and provider, kept in the product,
 * notified by email and answerable by email. Messages are plain text; the web app shows links in them
 * as `rel="nofollow noopener"` links and never renders HTML.
 */

export const MessageTextSchema = z
  .string({ error: MESSAGE_TEXTS.required })
  .trim()
  .min(1, MESSAGE_TEXTS.required)
  .max(MESSAGE_LIMITS.bodyMax, MESSAGE_TEXTS.tooLong);

/** POST /api/messages: writes to a provider from their profile (or an opening); starts or continues the thread. */
export const SendMessageBodySchema = z.object({
  providerId: z.uuid({ error: PROVIDER_NOT_FOUND }),
  message: MessageTextSchema,
});
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>;

export const SendMessageReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  threadId: z.string(),
});

/** POST /api/threads/:id/messages */
export const ReplyBodySchema = z.object({ message: MessageTextSchema });

/** Any text: an id that is not one of your threads (malformed included) is a 404, never a 400. */
export const ThreadParamsSchema = z.object({ id: z.string().max(100) });
export const MessageParamsSchema = z.object({ id: z.string().max(100) });

export const THREAD_FILTERS = ['all', 'unanswered'] as const;
export type ThreadFilter = (typeof THREAD_FILTERS)[number];

/** GET /api/threads?filter=&cursor= (newest first). 'unanswered': threads where you are the provider and owe a reply. */
export const ThreadsQuerySchema = z.object({
  filter: z.enum(THREAD_FILTERS).default('all'),
  cursor: z.string().max(200, 'Invalid page cursor').optional(),
});

/** The other party as the reader sees them; null id, name 'Deleted account', no picture once deleted. */
export const ThreadPartySchema = z.object({
  id: z.string().nullable(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  /** Their public profile's address when they are a listed provider. */
  routing_slug: z.string().nullable(),
});

export const ThreadSummarySchema = z.object({
  id: z.string(),
  /** The reader's side of this thread. */
  role: z.enum(['client', 'provider']),
  other: ThreadPartySchema,
  last_message: z.object({
    /** The text, or '' when a moderator hid it (the app says so). */
    body: z.string(),
    mine: z.boolean(),
    hidden: z.boolean(),
    created_at: z.string(),
  }),
  unread_count: z.number().int(),
  /** You are the provider and the client's last message waits for your answer. */
  awaiting_reply: z.boolean(),
  read_only: z.enum(READ_ONLY_REASONS).nullable(),
});
export type ThreadSummary = z.infer<typeof ThreadSummarySchema>;

export const ThreadsReplySchema = z.object({
  success: z.literal(true),
  threads: z.array(ThreadSummarySchema),
  nextCursor: z.string().nullable(),
});
export type ThreadsReply = z.infer<typeof ThreadsReplySchema>;

/** GET /api/threads/unread: the header's badge. */
export const UnreadReplySchema = z.object({ success: z.literal(true), unread: z.number().int() });

export const MessageItemSchema = z.object({
  id: z.string(),
  mine: z.boolean(),
  /** The text, or '' when a moderator hid it. */
  body: z.string(),
  hidden: z.boolean(),
  via: z.enum(['app', 'email']),
  /** What the product says about it (emailed attachments dropped), or null. */
  notice: z.string().nullable(),
  created_at: z.string(),
  /** The recipient has read it (their read mark is past it). */
  read: z.boolean(),
  /** You reported it. */
  reported: z.boolean(),
});
export type MessageItem = z.infer<typeof MessageItemSchema>;

/** GET /api/threads/:id?before=: the thread and a page of its messages, oldest first (older pages by `before`). */
export const ThreadQuerySchema = z.object({
  before: z.string().max(200, 'Invalid page cursor').optional(),
});

export const ThreadReplySchema = z.object({
  success: z.literal(true),
  thread: ThreadSummarySchema,
  messages: z.array(MessageItemSchema),
  /** Cursor for the page before these, or null at the thread's start. */
  olderCursor: z.string().nullable(),
  /** Whether the reply box can send (read_only is null). */
  can_reply: z.boolean(),
  /** Whether the reader has blocked the other party. */
  blocked: z.boolean(),
});
export type ThreadReply = z.infer<typeof ThreadReplySchema>;

export const PostedMessageReplySchema = z.object({ success: z.literal(true), message: MessageItemSchema });

/** POST /api/threads/:id/read: the reader has read everything in the thread; answers the new unread total. */
export const MarkReadReplySchema = UnreadReplySchema;

/** PUT /api/threads/:id/block: block or unblock the other party. */
export const BlockBodySchema = z.object({ blocked: z.boolean({ error: 'Blocked must be true or false' }) });
export const BlockReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  blocked: z.boolean(),
});

/** POST /api/messages/:id/report */
export const MessageReportBodySchema = z.object({
  reason: z.enum(MESSAGE_REPORT_REASONS, { error: MESSAGE_TEXTS.reportReasonRequired }),
  details: z
    .string()
    .trim()
    .max(MESSAGE_LIMITS.reportDetailsMax, MESSAGE_TEXTS.reportDetailsTooLong)
    .optional()
    .transform((d) => (d ? d : undefined)),
});
export type MessageReportBody = z.input<typeof MessageReportBodySchema>;

export const MessageReportReplySchema = z.object({ success: z.literal(true), message: z.string() });

/** Saved replies (providers). */
export const SavedReplyBodySchema = z.object({
  title: z
    .string({ error: MESSAGE_TEXTS.savedReplyTitleRequired })
    .trim()
    .min(1, MESSAGE_TEXTS.savedReplyTitleRequired)
    .max(MESSAGE_LIMITS.savedReplyTitleMax, MESSAGE_TEXTS.savedReplyTitleTooLong),
  body: z
    .string({ error: MESSAGE_TEXTS.savedReplyBodyRequired })
    .trim()
    .min(1, MESSAGE_TEXTS.savedReplyBodyRequired)
    .max(MESSAGE_LIMITS.savedReplyBodyMax, MESSAGE_TEXTS.savedReplyBodyTooLong),
});
export type SavedReplyBody = z.infer<typeof SavedReplyBodySchema>;

export const SavedReplySchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
});
export type SavedReply = z.infer<typeof SavedReplySchema>;

export const SavedRepliesReplySchema = z.object({
  success: z.literal(true),
  replies: z.array(SavedReplySchema),
});
export const SavedReplyChangeReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  reply: SavedReplySchema,
});
export const SavedReplyParamsSchema = z.object({ id: z.string().max(100) });

/** Moderation: GET /api/admin/messages?status=reported|hidden */
export const ADMIN_MESSAGE_STATUSES = ['reported', 'hidden'] as const;
export const AdminMessagesQuerySchema = z.object({
  status: z.enum(ADMIN_MESSAGE_STATUSES).default('reported'),
  cursor: z.string().max(200, 'Invalid page cursor').optional(),
});

export const AdminMessageSchema = z.object({
  id: z.string(),
  thread_id: z.string(),
  body: z.string(),
  created_at: z.string(),
  sender: z.object({ id: z.string().nullable(), name: z.string(), email: z.string().nullable() }),
  recipient: z.object({ id: z.string().nullable(), name: z.string() }),
  report_count: z.number().int(),
  reasons: z.array(z.string()),
  /** The reports' details, newest first. */
  details: z.array(z.string()),
  last_reported_at: z.string().nullable(),
  hidden_at: z.string().nullable(),
  warned_at: z.string().nullable(),
});
export type AdminMessage = z.infer<typeof AdminMessageSchema>;

export const AdminMessagesReplySchema = z.object({
  success: z.literal(true),
  messages: z.array(AdminMessageSchema),
  nextCursor: z.string().nullable(),
});

/** PUT /api/admin/messages/:id: hide it, show it again, warn its sender (an email), or dismiss its reports. */
export const ADMIN_MESSAGE_ACTIONS = ['hide', 'restore', 'warn', 'dismiss'] as const;
export const AdminMessageActionBodySchema = z.object({
  action: z.enum(ADMIN_MESSAGE_ACTIONS, { error: 'Choose hide, restore, warn or dismiss' }),
});
export const AdminMessageActionReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  item: AdminMessageSchema,
});
