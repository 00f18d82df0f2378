import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { LIMITS } from '#domain/options.ts';
import { ListItemSchema } from '#domain/profiles.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { chipClass } from '#web/components/ui/Chip.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { Select } from '#web/components/ui/Select.tsx';

interface ListEditorProps {
  /** The group's name, e.g. 'Specialties'. */
  label: string;
  /** One entry, e.g. 'specialty' (input label 'New specialty'). */
  itemLabel: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** A pick-list; entries already in the list are hidden. */
  options?: readonly string[];
  placeholder?: string;
  /** A message from the form (or the server) about the list. */
  error?: string | undefined;
  disabled?: boolean;
}

const sameItem = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * A list of short texts: type and press Enter or Add, or pick from the list; remove by position
 * (docs/product.md §4 'Account lists', §5 'List additions').
 */
export function ListEditor({
  label,
  itemLabel,
  values,
  onChange,
  options,
  placeholder,
  error,
  disabled = false,
}: ListEditorProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [message, setMessage] = useState('');
  const isFull = values.length >= LIMITS.listMax;
  const available = options?.filter((option) => !values.some((v) => sameItem(v, option))) ?? [];

  const add = (raw: string) => {
    const parsed = ListItemSchema.safeParse(raw);
    if (!parsed.success) {
      setMessage(parsed.error.issues[0]?.message ?? 'Please enter a value');
      return false;
    }
    const item = parsed.data;
    if (values.some((v) => sameItem(v, item))) {
      setMessage(`${item} is already in the list`);
      return false;
    }
    if (isFull) {
      setMessage(`You can add at most ${LIMITS.listMax} ${label.toLowerCase()}`);
      return false;
    }
    setMessage('');
    onChange([...values, item]);
    return true;
  };

  const handleAdd = () => {
    // Adding clears the input (docs/product.md §4); a refused entry stays so it can be fixed.
    if (add(draft)) setDraft('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the item instead of submitting the whole profile form.
    event.preventDefault();
    handleAdd();
  };

  const shown = message || error;
  return (
    <fieldset className="min-w-0 space-y-2.5" aria-describedby={shown ? `${id}-message` : undefined}>
      <legend className="flex w-full items-baseline justify-between gap-2 text-sm font-medium text-app">
        <span>{label}</span>
        <span className="text-xs font-normal text-muted">
          {values.length}/{LIMITS.listMax}
        </span>
      </legend>

      {values.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={label}>
          {values.map((value, index) => (
            <li
              // Items are removed by position; the index keeps duplicates from older data distinct.
              // biome-ignore lint/suspicious/noArrayIndexKey: position is the identity here
              key={`${index}-${value}`}
              className={chipClass('brand', 'max-w-full gap-1 py-1 pr-1 pl-3 font-normal')}
            >
              <span className="min-w-0 break-words">{value}</span>
              <button
                type="button"
                disabled={disabled}
                aria-label={`Remove ${value}`}
                onClick={() => onChange(values.filter((_, i) => i !== index))}
                className="inline-flex h-6 w-6 shrink-0 cursor-pointer items-center justify-center rounded-full hover:bg-brand-200 disabled:cursor-not-allowed dark:hover:bg-brand-800"
              >
                <X className="h-3.5 w-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">None added yet.</p>
      )}

      <div className="flex gap-2">
        <Input
          aria-label={`New ${itemLabel}`}
          value={draft}
          placeholder={placeholder}
          disabled={disabled || isFull}
          maxLength={LIMITS.listItemMax + 20}
          aria-invalid={message ? true : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            if (message) setMessage('');
          }}
          onKeyDown={handleKeyDown}
        />
        <Button variant="outline" disabled={disabled || isFull} onClick={handleAdd} className="shrink-0">
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add
        </Button>
      </div>

      {options && available.length > 0 && !isFull && (
        <Select
          aria-label={`Choose ${label.toLowerCase()} from the list`}
          value=""
          disabled={disabled}
          onChange={(event) => {
            if (event.target.value) add(event.target.value);
          }}
        >
          <option value="">Choose from the list…</option>
          {available.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      )}

      {isFull && !shown && (
        <p className="text-sm text-muted" role="status">
          You can add at most {LIMITS.listMax} {label.toLowerCase()}. Remove one to add another.
        </p>
      )}
      {shown && (
        <p id={`${id}-message`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {shown}
        </p>
      )}
    </fieldset>
  );
}
