import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { CharacterCounter } from '#web/components/ui/CharacterCounter.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Textarea } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useSendMessage } from '../../api/send-message';

const toast = toastFor('message');

/**
 * The server's words when they help the sender (a validation issue, a block, the daily limit of new
 * conversations, sending too fast: every 4xx); ours when it failed on the way or on the server.
 */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGE_TEXTS.failed;
  if (error.code === 'VALIDATION_ERROR') return error.issues[0]?.message ?? MESSAGE_TEXTS.failed;
  if (error.status === 0 || error.status >= 500) return MESSAGE_TEXTS.failed;
  return error.message || MESSAGE_TEXTS.failed;
}

/**
 * Writes to a provider (docs/product.md 'Message dialog'): the message goes into the conversation
 * with them in both inboxes, and they get an email about it. The toast after sending links to the
 * conversation. The text survives closing the dialog and a failed send; over the limit it is
 * refused, not cut.
 */
export function MessageDialog({
  open,
  onOpenChange,
  providerId,
  providerName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  providerId: string;
  providerName: string;
}) {
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const mutation = useSendMessage(useSession()?.user.id);
  const trimmed = text.trim();
  const canSend = trimmed.length > 0 && text.length <= MESSAGE_LIMITS.bodyMax && !mutation.isPending;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    setFailure(null);
    mutation.mutate(
      { providerId, message: trimmed },
      {
        onSuccess: (reply) => {
          toast.success(MESSAGE_TEXTS.sentTitle, {
            description: MESSAGE_TEXTS.sentTo(providerName),
            action: {
              label: MESSAGE_TEXTS.viewConversation,
              onClick: () => void navigate(`/messages/${encodeURIComponent(reply.threadId)}`),
            },
          });
          setText('');
          onOpenChange(false);
        },
        onError: (error) => setFailure(failureText(error)),
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setFailure(null);
        onOpenChange(next);
      }}
      title={`Message ${providerName}`}
      description={MESSAGE_TEXTS.dialogDescription(providerName)}
    >
      <form noValidate onSubmit={handleSubmit} className="space-y-4">
        {failure && <Alert>{failure}</Alert>}
        <Field
          label="Your message"
          counter={(id) => <CharacterCounter id={id} length={text.length} max={MESSAGE_LIMITS.bodyMax} />}
        >
          <Textarea
            rows={6}
            value={text}
            placeholder="Hi! I'd like to ask about…"
            onChange={(event) => setText(event.target.value)}
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
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
    </Dialog>
  );
}
