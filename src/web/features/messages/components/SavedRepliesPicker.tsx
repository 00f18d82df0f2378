import { ChevronDown, MessageSquareText } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { MESSAGE_TEXTS } from '#domain/messages-options.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Popover, PopoverContent, PopoverTrigger } from '#web/components/ui/Popover.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useSession } from '#web/lib/session.ts';
import { useSavedReplies } from '../api/saved-replies';

/** Where a provider without saved replies adds them: the inbox header's button. */
export const PICKER_EMPTY_HINT = `${MESSAGE_TEXTS.savedRepliesEmpty} Add them with '${MESSAGE_TEXTS.savedRepliesTitle}' at the top of your inbox.`;
export const PICKER_LOAD_FAILED = 'Failed to load your saved replies. Please try again.';

/**
 * A provider's saved replies in the reply box: a button that lists them; choosing one inserts its text.
 * A menu in a popover: the arrow keys, Home and End move between the replies, Escape closes it and
 * focus goes back to the button (or stays where `onInsert` put it, the reply box).
 */
export function SavedRepliesPicker({ onInsert }: { onInsert: (text: string) => void }) {
  const userId = useSession()?.user.id;
  const replies = useSavedReplies(userId);
  const [open, setOpen] = useState(false);
  const chosen = useRef(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const handleChoose = (body: string) => {
    chosen.current = true;
    onInsert(body);
    setOpen(false);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    if (items.length === 0) return;
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === 'ArrowDown'
        ? (at + 1) % items.length
        : event.key === 'ArrowUp'
          ? (at - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? items.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    items[next]?.focus();
  };

  const list = replies.data ?? [];

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        if (next) chosen.current = false;
        setOpen(next);
      }}
    >
      <PopoverTrigger asChild>
        <Button type="button" variant="outline" size="sm" aria-haspopup="menu">
          <MessageSquareText className="h-4 w-4" aria-hidden="true" />
          {MESSAGE_TEXTS.insertSavedReply}
          <ChevronDown className="h-4 w-4" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent
        side="top"
        className="w-[min(22rem,calc(100vw-1.5rem))] p-2"
        onOpenAutoFocus={(event) => {
          // The first reply rather than the panel, so the arrow keys work at once.
          const first = menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]');
          if (first) {
            event.preventDefault();
            first.focus();
          }
        }}
        onCloseAutoFocus={(event) => {
          // A chosen reply went into the reply box, which `onInsert` may have focused: leave it there.
          const active = document.activeElement;
          if (chosen.current && active && active !== document.body) event.preventDefault();
        }}
      >
        {replies.isPending ? (
          <div className="flex justify-center p-3">
            <Spinner label="Loading..." />
          </div>
        ) : replies.isError ? (
          <p role="alert" className="p-2 text-sm text-red-700 dark:text-red-300">
            {PICKER_LOAD_FAILED}
          </p>
        ) : list.length === 0 ? (
          <p className="p-2 text-sm text-muted">{PICKER_EMPTY_HINT}</p>
        ) : (
          <div
            ref={menuRef}
            id={menuId}
            role="menu"
            aria-label={MESSAGE_TEXTS.savedRepliesTitle}
            tabIndex={-1}
            onKeyDown={handleKeyDown}
            className="space-y-0.5 focus-visible:outline-none"
          >
            {list.map((reply) => (
              <button
                key={reply.id}
                type="button"
                role="menuitem"
                aria-labelledby={`${menuId}-${reply.id}-title`}
                aria-describedby={`${menuId}-${reply.id}`}
                onClick={() => handleChoose(reply.body)}
                className="block w-full cursor-pointer rounded-lg px-3 py-2 text-left text-sm text-app hover:bg-muted focus-visible:bg-muted focus-visible:outline-2 focus-visible:outline-[color:var(--ring)]"
              >
                <span
                  id={`${menuId}-${reply.id}-title`}
                  className="block font-medium [overflow-wrap:anywhere]"
                >
                  {reply.title}
                </span>
                <span
                  id={`${menuId}-${reply.id}`}
                  className="mt-0.5 line-clamp-1 block text-xs text-muted [overflow-wrap:anywhere]"
                >
                  {reply.body}
                </span>
              </button>
            ))}
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
}
