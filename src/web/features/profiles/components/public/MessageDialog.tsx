import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Textarea } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useSendMessage } from '../../api/send-message';

const toast = toastFor('message');

/** The server's words when they help the sender (a validation issue, a rate limit); ours otherwise. */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGE_TEXTS.failed;
  if (error.code === 'VALIDATION_ERROR') return error.issues[0]?.message ?? MESSAGE_TEXTS.failed;
  if (error.status === 0 || error.status >= 500) return MESSAGE_TEXTS.failed;
  return error.message || MESSAGE_TEXTS.failed;
}

/**
 * Writes to a provider. The message is emailed to them with the sender's address as Reply-To, so
 * the answer arrives in the sender's inbox. The text survives closing the dialog and a failed send.
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
  const mutation = useSendMessage();
  const canSend = text.trim().length > 0 && !mutation.isPending;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    setFailure(null);
    mutation.mutate(
      { providerId, message: text.trim() },
      {
        onSuccess: () => {
          toast.success(MESSAGE_TEXTS.sentTitle, { description: MESSAGE_TEXTS.sentTo(providerName) });
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
      description={`${providerName} will get your message by email and can reply to your email address.`}
    >
      <form noValidate onSubmit={handleSubmit} className="space-y-4">
        {failure && <Alert>{failure}</Alert>}
        <Field label="Your message" hint={`${text.length} / ${MESSAGE_LIMITS.bodyMax} characters`}>
          <Textarea
            rows={6}
            value={text}
            maxLength={MESSAGE_LIMITS.bodyMax}
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
              <Spinner label="Sending..." />
            ) : (
              <>
                <Send className="h-4 w-4" aria-hidden="true" /> Send
              </>
            )}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
