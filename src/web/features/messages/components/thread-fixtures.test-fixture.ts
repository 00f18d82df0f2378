import type { MessageItem, ThreadReply, ThreadSummary } from '#domain/messages.ts';

/** A conversation as the API answers it, read by its client (Ana Lima) with Studio Lumen. */
export function threadSummary(over: Partial<ThreadSummary> = {}): ThreadSummary {
  return {
    id: 'thread-1',
    role: 'client',
    other: { id: 'provider-1', name: 'Studio Lumen', avatar_url: null, routing_slug: 'studio-lumen' },
    last_message: { body: 'See you Saturday', mine: false, hidden: false, created_at: at(60) },
    unread_count: 0,
    awaiting_reply: false,
    read_only: null,
    ...over,
  };
}

let next = 0;
export function message(over: Partial<MessageItem> = {}): MessageItem {
  next += 1;
  return {
    id: `message-${next}`,
    mine: false,
    body: `Message ${next}`,
    hidden: false,
    via: 'app',
    notice: null,
    created_at: at(120 - next),
    read: true,
    reported: false,
    ...over,
  };
}

export function threadReply(over: Partial<ThreadReply> = {}): ThreadReply {
  return {
    success: true,
    thread: threadSummary(),
    messages: [],
    olderCursor: null,
    can_reply: true,
    blocked: false,
    ...over,
  };
}

/** An ISO instant `minutesAgo` minutes ago. */
export function at(minutesAgo: number): string {
  return new Date(Date.now() - minutesAgo * 60_000).toISOString();
}
