import { Send } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, lazy, Suspense, useRef, useState } from 'react';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { CharacterCounter } from '#web/components/ui/CharacterCounter.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Textarea } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useSendReply } from '../api/send-reply';
import { sendFailureText } from '../send-failure';

// Providers only, with its popover library: loaded after the reply box, not with the inbox.
const SavedRepliesPicker = lazy(() =>
  import('./SavedRepliesPicker').then((m) => ({ default: m.SavedRepliesPicker })),
);

/**
 * The reply box under a conversation: Send (or Ctrl/Cmd+Enter) with non-blank text within the limit;
 * the text stays after a failed send, with the reason above it; after a send the box is empty and
 * keeps the focus, for the next message. A provider inserts saved replies from the picker.
 */
export function ReplyBox({
  userId,
  threadId,
  isProvider,
}: {
  userId: string;
  threadId: string;
  isProvider: boolean;
}) {
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const mutation = useSendReply(userId);
  const trimmed = text.trim();
  const canSend = trimmed.length > 0 && text.length <= MESSAGE_LIMITS.bodyMax && !mutation.isPending;

  const send = () => {
    if (!canSend) return;
    setFailure(null);
    mutation.mutate(
      { threadId, message: trimmed },
      {
        onSuccess: () => {
          setText('');
          box.current?.focus();
        },
        onError: (error) => setFailure(sendFailureText(error)),
      },
    );
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      send();
    }
  };

  /** A saved reply goes where the cursor is (or replaces the selection). */
  const insert = (snippet: string) => {
    const el = box.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + snippet + text.slice(end);
    setText(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + snippet.length, start + snippet.length);
    });
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-2">
      {failure && <Alert>{failure}</Alert>}
      <Field
        label={MESSAGE_TEXTS.replyLabel}
        counter={(id) => <CharacterCounter id={id} length={text.length} max={MESSAGE_LIMITS.bodyMax} />}
      >
        <Textarea
          ref={box}
          rows={3}
          value={text}
          placeholder={MESSAGE_TEXTS.replyPlaceholder}
          aria-keyshortcuts="Control+Enter Meta+Enter"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          className="resize-y"
        />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          {isProvider && (
            <Suspense fallback={null}>
              <SavedRepliesPicker onInsert={insert} />
            </Suspense>
          )}
        </div>
        <Button type="submit" disabled={!canSend}>
          {mutation.isPending ? (
            <Spinner label={MESSAGE_TEXTS.sending} />
          ) : (
            <>
              <Send className="h-4 w-4" aria-hidden="true" /> {MESSAGE_TEXTS.send}
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
