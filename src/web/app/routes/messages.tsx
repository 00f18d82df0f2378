import { useParams } from 'react-router';
import { BRAND } from '#domain/brand.ts';
import { MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { MessagesInbox } from '#web/features/messages/components/MessagesInbox.tsx';
import { useDocumentTitle } from '#web/lib/document-title.ts';
import { useSession } from '#web/lib/session.ts';

/** /messages and /messages/:threadId: the inbox and a conversation (signed in; the router guards it). */
export function MessagesPage() {
  const session = useSession();
  const { threadId } = useParams();
  useDocumentTitle(`${MESSAGE_TEXTS.inboxTitle} · ${BRAND.name}`);
  // RequireAuth renders the page only with a session; it can end while the page is open.
  if (!session) return null;
  return (
    <MessagesInbox
      userId={session.user.id}
      isProvider={session.user.user_type === 'provider'}
      threadId={threadId}
    />
  );
}
