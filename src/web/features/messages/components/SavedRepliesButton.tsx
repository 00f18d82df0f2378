import { zodResolver } from '@hookform/resolvers/zod';
import { Check, MessageSquareText, Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { type SavedReply, type SavedReplyBody, SavedReplyBodySchema } from '#domain/messages.ts';
import { MESSAGE_LIMITS, MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { LoadFailed } from '#web/components/ListStates.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { CharacterCounter } from '#web/components/ui/CharacterCounter.tsx';
import { ConfirmDialog } from '#web/components/ui/ConfirmDialog.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input, Textarea } from '#web/components/ui/Input.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { applyServerIssues } from '#web/lib/form-errors.ts';
import { useSession } from '#web/lib/session.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useSavedReplies, useSavedReplyMutations } from '../api/saved-replies';

const toast = toastFor('saved-reply');

export const SAVED_REPLIES_LOAD_FAILED = 'Failed to load your saved replies. Please try again.';

const failure = (error: unknown) =>
  error instanceof ApiError ? error.message : MESSAGE_TEXTS.savedReplyFailed;

/** The inbox's 'Saved replies' button (providers): opens a dialog to add, edit and delete them. */
export function SavedRepliesButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" size="sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <MessageSquareText className="h-4 w-4" aria-hidden="true" />
        {MESSAGE_TEXTS.savedRepliesTitle}
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={MESSAGE_TEXTS.savedRepliesTitle}
        description={MESSAGE_TEXTS.savedRepliesIntro}
        className="max-w-lg"
      >
        {open && <SavedRepliesManager />}
      </Dialog>
    </>
  );
}

function SavedRepliesManager() {
  const userId = useSession()?.user.id ?? '';
  const replies = useSavedReplies(userId);
  const { create, update, remove } = useSavedReplyMutations(userId);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SavedReply | null>(null);
  const limitId = useId();

  if (replies.isPending)
    return (
      <div className="flex justify-center py-6">
        <Spinner label="Loading..." />
      </div>
    );
  if (replies.isError)
    return (
      <LoadFailed
        message={SAVED_REPLIES_LOAD_FAILED}
        onRetry={() => void replies.refetch()}
        isRetrying={replies.isFetching}
      />
    );

  const list = replies.data;
  const isFull = list.length >= MESSAGE_LIMITS.savedRepliesMax;

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      toast.success((await remove.mutateAsync(deleting.id)).message || MESSAGE_TEXTS.savedReplyDeleted);
      if (editing === deleting.id) setEditing(null);
      setDeleting(null);
    } catch (error) {
      toast.error(failure(error));
    }
  };

  return (
    <div className="space-y-6">
      {list.length === 0 ? (
        <p className="text-sm text-muted">{MESSAGE_TEXTS.savedRepliesEmpty}</p>
      ) : (
        // biome-ignore lint/a11y/noRedundantRoles: Safari drops a list's role once its bullets are styled away
        <ul role="list" aria-label={MESSAGE_TEXTS.savedRepliesTitle} className="space-y-3">
          {list.map((reply) => (
            <li key={reply.id} className="rounded-xl border border-app p-3">
              {editing === reply.id ? (
                <SavedReplyForm
                  initial={reply}
                  submitLabel="Save"
                  onCancel={() => setEditing(null)}
                  onSubmit={async (body) => {
                    const answer = await update.mutateAsync({ id: reply.id, ...body });
                    toast.success(answer.message || MESSAGE_TEXTS.savedReplyUpdated);
                    setEditing(null);
                  }}
                />
              ) : (
                <>
                  <h3 className="font-medium text-app [overflow-wrap:anywhere]">{reply.title}</h3>
                  <p className="mt-1 line-clamp-3 text-sm whitespace-pre-line text-muted [overflow-wrap:anywhere]">
                    {reply.body}
                  </p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Button type="button" size="sm" variant="outline" onClick={() => setEditing(reply.id)}>
                      <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
                      <span className="sr-only"> {reply.title}</span>
                    </Button>
                    <Button type="button" size="sm" variant="outline" onClick={() => setDeleting(reply)}>
                      <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
                      <span className="sr-only"> {reply.title}</span>
                    </Button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby={`${limitId}-heading`} className="space-y-3 border-t border-app pt-4">
        <h3 id={`${limitId}-heading`} className="font-semibold text-app">
          Add a saved reply
        </h3>
        {isFull ? (
          <>
            <p id={limitId} className="text-sm text-muted">
              {MESSAGE_TEXTS.tooManySavedReplies}
            </p>
            <Button type="button" disabled aria-describedby={limitId}>
              <Plus className="h-4 w-4" aria-hidden="true" /> Add
            </Button>
          </>
        ) : (
          <SavedReplyForm
            // A fresh, empty form after each reply added.
            key={list.length}
            submitLabel="Add"
            onSubmit={async (body) => {
              const answer = await create.mutateAsync(body);
              toast.success(answer.message || MESSAGE_TEXTS.savedReplyAdded);
            }}
          />
        )}
      </section>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => !next && setDeleting(null)}
        title={`Delete '${deleting?.title ?? ''}'?`}
        description="The saved reply goes; replies you already sent with it stay as they are."
        confirmLabel="Delete"
        isPending={remove.isPending}
        onConfirm={() => void handleDelete()}
      />
    </div>
  );
}

/** A saved reply's title and text, checked by the schema the server uses. */
function SavedReplyForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: SavedReplyBody;
  submitLabel: string;
  /** Sends it; a refusal it throws goes on the fields, or into a toast. */
  onSubmit: (body: SavedReplyBody) => Promise<void>;
  onCancel?: () => void;
}) {
  const form = useForm<SavedReplyBody>({
    resolver: zodResolver(SavedReplyBodySchema),
    defaultValues: { title: initial?.title ?? '', body: initial?.body ?? '' },
  });
  const { errors, isSubmitting } = form.formState;
  const title = form.watch('title') ?? '';
  const body = form.watch('body') ?? '';

  const handleValid = async (values: SavedReplyBody) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (applyServerIssues(error, ['title', 'body'], form.setError)) return;
      toast.error(failure(error));
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(handleValid)} className="space-y-3">
      <Field
        label={MESSAGE_TEXTS.savedReplyTitle}
        error={errors.title?.message}
        required
        counter={(id) => (
          <CharacterCounter id={id} length={title.length} max={MESSAGE_LIMITS.savedReplyTitleMax} />
        )}
      >
        <Input autoComplete="off" {...form.register('title')} />
      </Field>
      <Field
        label={MESSAGE_TEXTS.savedReplyBody}
        error={errors.body?.message}
        required
        counter={(id) => (
          <CharacterCounter id={id} length={body.length} max={MESSAGE_LIMITS.savedReplyBodyMax} />
        )}
      >
        <Textarea rows={4} {...form.register('body')} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button type="button" variant="outline" disabled={isSubmitting} onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? (
            <Spinner />
          ) : initial ? (
            <Check className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Plus className="h-4 w-4" aria-hidden="true" />
          )}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
