import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { formatOpeningMoment } from '#domain/opening-time.ts';
import type { Opening } from '#domain/openings.ts';
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
import { useAskAboutOpening } from '../api/ask-about-opening';

const toast = toastFor('message');

/** The server's words for a refused send (every 4xx: a block, the daily limit); ours when it failed on the way. */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError)) return MESSAGE_TEXTS.failed;
  if (error.code === 'VALIDATION_ERROR') return error.issues[0]?.message ?? MESSAGE_TEXTS.failed;
  if (error.status === 0 || error.status >= 500) return MESSAGE_TEXTS.failed;
  return error.message || MESSAGE_TEXTS.failed;
}

/** The question the box starts with: the opening's time on its provider's clocks. */
export const openingQuestion = (opening: Opening) =>
  MESSAGE_TEXTS.openingQuestion(formatOpeningMoment(opening.start_time, { timeZone: opening.time_zone }));

/**
 * 'Ask about this opening': the profile's message dialog for an opening (the features do not share
 * components), its box starting with a question that names the opening's time, to edit or send as
 * it is. The message goes into the conversation with the provider; the toast links to it.
 */
export function AskAboutOpeningDialog({
  opening,
  open,
  onOpenChange,
}: {
  opening: Opening;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [text, setText] = useState(() => openingQuestion(opening));
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const mutation = useAskAboutOpening(useSession()?.user.id);
  const trimmed = text.trim();
  const canSend = trimmed.length > 0 && text.length <= MESSAGE_LIMITS.bodyMax && !mutation.isPending;
  const name = opening.provider_name;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend) return;
    setFailure(null);
    mutation.mutate(
      { providerId: opening.provider_id, message: trimmed },
      {
        onSuccess: (reply) => {
          toast.success(MESSAGE_TEXTS.sentTitle, {
            description: MESSAGE_TEXTS.sentTo(name),
            action: {
              label: MESSAGE_TEXTS.viewConversation,
              onClick: () => void navigate(`/messages/${encodeURIComponent(reply.threadId)}`),
            },
          });
          setText(openingQuestion(opening));
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
      title={`Message ${name}`}
      description={MESSAGE_TEXTS.dialogDescription(name)}
    >
      <form noValidate onSubmit={handleSubmit} className="space-y-4">
        {failure && <Alert>{failure}</Alert>}
        <Field
          label="Your message"
          counter={(id) => <CharacterCounter id={id} length={text.length} max={MESSAGE_LIMITS.bodyMax} />}
        >
          <Textarea rows={5} value={text} onChange={(event) => setText(event.target.value)} />
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
