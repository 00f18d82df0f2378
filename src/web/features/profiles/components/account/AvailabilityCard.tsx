import { CalendarClock, ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import {
  type AvailabilityState,
  emptyTimeSlots,
  monFriNineToFive,
  NO_AVAILABILITY,
  type Weekday,
} from '#domain/availability.ts';
import { formatAvailability, parseAvailability } from '#domain/availability-text.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { cn } from '#web/lib/cn.ts';
import { AvailabilityDetails } from '../public/AvailabilityDetails';
import { AvailabilityGrid } from './AvailabilityGrid';
import { SECTION_SCROLL_MARGIN } from './account-sections';

interface AvailabilityCardProps {
  /** The stored text, e.g. 'Mon-Fri 9AM-5PM, Sat 10AM-2PM. custom | notes'. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled?: boolean;
  /** The section's id, for the section menu. */
  sectionId?: string;
}

/**
 * The availability preview (drawn by the public profile's own AvailabilityDetails) and its weekly
 * editor. The editor reads the stored text back into the grid (text it cannot read becomes custom
 * text, never lost) and writes every change straight into the form; 'Save Profile' stores it.
 */
export function AvailabilityCard({
  value,
  onChange,
  error,
  disabled = false,
  sectionId,
}: AvailabilityCardProps) {
  const panelId = useId();
  const [editor, setEditor] = useState<AvailabilityState | null>(null);
  const isOpen = editor !== null;

  const update = (next: AvailabilityState) => {
    setEditor(next);
    onChange(formatAvailability(next));
  };

  const toggle = (day: Weekday, slot: string) => {
    if (!editor) return;
    const current = editor.timeSlots[day];
    const slots = current.includes(slot) ? current.filter((s) => s !== slot) : [...current, slot].sort();
    update({ ...editor, timeSlots: { ...editor.timeSlots, [day]: slots } });
  };

  return (
    <Card id={sectionId} aria-labelledby={`${panelId}-title`} className={SECTION_SCROLL_MARGIN}>
      <CardHeader>
        <CardTitle id={`${panelId}-title`}>Availability</CardTitle>
        <CardDescription>When clients can book you. Shown on your public profile.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {/* As the public profile shows it (the stored text is an encoding: 'Mon-Fri 9AM-5PM. … | notes'). */}
        <div aria-live="polite" data-testid="availability-preview">
          {value ? (
            <AvailabilityDetails text={value} />
          ) : (
            <p className="flex items-start gap-3 rounded-xl border border-app bg-muted px-4 py-3 text-sm text-muted italic">
              <CalendarClock
                className="mt-0.5 h-5 w-5 shrink-0 text-brand-700 dark:text-brand-300"
                aria-hidden="true"
              />
              {NO_AVAILABILITY}
            </p>
          )}
        </div>
        {error && <p className="text-sm text-red-700 dark:text-red-300">{error}</p>}

        <Button
          variant="outline"
          aria-expanded={isOpen}
          aria-controls={panelId}
          disabled={disabled}
          onClick={() => setEditor(isOpen ? null : parseAvailability(value))}
        >
          {isOpen ? 'Close availability editor' : 'Edit availability'}
          <ChevronDown
            className={cn('h-4 w-4 transition-transform', isOpen && 'rotate-180')}
            aria-hidden="true"
          />
        </Button>

        {editor && (
          <div id={panelId} className="space-y-4 sm:rounded-xl sm:border sm:border-app sm:p-4">
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={disabled}
                onClick={() => update({ ...editor, timeSlots: monFriNineToFive() })}
              >
                Mon-Fri 9-5
              </Button>
              <Button
                variant="ghost"
                size="sm"
                disabled={disabled}
                onClick={() => update({ ...editor, timeSlots: emptyTimeSlots() })}
              >
                Clear All
              </Button>
            </div>
            <div className="space-y-1.5">
              <AvailabilityGrid value={editor.timeSlots} onToggle={toggle} disabled={disabled} />
              <p className="text-xs text-muted md:hidden">Swipe the hours sideways to see the evening.</p>
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label="Custom availability"
                hint="Anything the grid cannot say, e.g. 'Sundays by request'"
              >
                <Input
                  value={editor.customText}
                  disabled={disabled}
                  maxLength={300}
                  onChange={(event) => update({ ...editor, customText: event.target.value })}
                  onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
                />
              </Field>
              <Field label="Additional notes" hint="e.g. 'Closed on public holidays'">
                <Input
                  value={editor.additionalDetails}
                  disabled={disabled}
                  maxLength={300}
                  onChange={(event) => update({ ...editor, additionalDetails: event.target.value })}
                  onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
                />
              </Field>
            </div>
            <div className="flex justify-end">
              <Button variant="outline" size="sm" onClick={() => setEditor(null)}>
                Done
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
