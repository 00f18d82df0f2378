import { BRAND } from '#domain/brand.ts';
import { useDocumentTitle } from '#web/lib/document-title.ts';

/** /messages and /messages/:threadId: the inbox and a conversation. (Being built.) */
export function MessagesPage() {
  useDocumentTitle(`Messages · ${BRAND.name}`);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-3xl font-bold text-app">Messages</h1>
    </div>
  );
}
