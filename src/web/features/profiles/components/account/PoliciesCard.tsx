import { useId, useState } from 'react';
import { type DepositType, POLICY_LIMITS, type Policies } from '#domain/policies-options.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input, Textarea } from '#web/components/ui/Input.tsx';
import { Select } from '#web/components/ui/Select.tsx';
import { SECTION_SCROLL_MARGIN } from './account-sections';

type Message = { message?: string | undefined } | undefined;

/** The form's errors under `policies` (PoliciesSchema's paths), and a server issue on the whole. */
export interface PolicyErrors {
  message?: string | undefined;
  deposit?: (Message & { type?: Message; value?: Message }) | undefined;
  cancellation_notice_hours?: Message;
  text?: Message;
}

/** What the boxes hold: their raw text, so a half-typed number is never rewritten under the cursor. */
interface Draft {
  type: DepositType | 'none';
  amount: string;
  hours: string;
  text: string;
}

const draftOf = (p: Policies): Draft => ({
  type: p.deposit?.type ?? 'none',
  amount: p.deposit ? String(p.deposit.value) : '',
  hours: p.cancellation_notice_hours === null ? '' : String(p.cancellation_notice_hours),
  text: p.text,
});

// A blank or unreadable number is NaN, which PoliciesSchema refuses with the field's own message.
const numberOf = (raw: string) => (raw.trim() === '' ? Number.NaN : Number(raw));

const policiesOf = (d: Draft): Policies => ({
  deposit: d.type === 'none' ? null : { type: d.type, value: numberOf(d.amount) },
  cancellation_notice_hours: d.hours.trim() === '' ? null : numberOf(d.hours),
  text: d.text,
});

/** The same policies (NaN, a box that does not hold a number, equals itself). */
const samePolicies = (a: Policies, b: Policies) =>
  a.text === b.text &&
  Object.is(a.cancellation_notice_hours, b.cancellation_notice_hours) &&
  (a.deposit && b.deposit
    ? a.deposit.type === b.deposit.type && Object.is(a.deposit.value, b.deposit.value)
    : a.deposit === b.deposit);

const DEPOSIT_LABEL = { amount: 'Deposit amount ($)', percent: 'Deposit percentage (%)' } as const;

interface PoliciesCardProps {
  value: Policies;
  onChange: (value: Policies) => void;
  onBlur: () => void;
  errors?: PolicyErrors | undefined;
  sectionId?: string;
}

/**
 * 'Booking Policies': the deposit the provider asks (none, dollars or a percentage), the hours of
 * notice before cancelling and a short text, shown on their profile and their openings. We take no
 * payments: the deposit is paid on the provider's own booking page.
 */
export function PoliciesCard({ value, onChange, onBlur, errors, sectionId }: PoliciesCardProps) {
  const titleId = useId();
  const [draft, setDraft] = useState(() => draftOf(value));
  // The form took other values (a save's reply, the latest version): the boxes show them.
  if (!samePolicies(policiesOf(draft), value)) setDraft(draftOf(value));

  const set = (patch: Partial<Draft>) => {
    const next = { ...draft, ...patch };
    setDraft(next);
    onChange(policiesOf(next));
  };

  return (
    <Card id={sectionId} aria-labelledby={titleId} className={SECTION_SCROLL_MARGIN}>
      <CardHeader>
        <CardTitle id={titleId}>Booking Policies</CardTitle>
        <CardDescription>
          Shown on your profile and your openings. Clients pay any deposit on your own booking page.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {errors?.message && <p className="text-sm text-red-700 dark:text-red-300">{errors.message}</p>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Deposit" error={errors?.deposit?.type?.message ?? errors?.deposit?.message}>
            <Select
              value={draft.type}
              onBlur={onBlur}
              onChange={(event) => set({ type: event.target.value as Draft['type'] })}
            >
              <option value="none">No deposit</option>
              <option value="amount">An amount in dollars</option>
              <option value="percent">A percentage of the price</option>
            </Select>
          </Field>
          {draft.type !== 'none' && (
            <Field label={DEPOSIT_LABEL[draft.type]} error={errors?.deposit?.value?.message} required>
              <Input
                type="number"
                inputMode="decimal"
                step={draft.type === 'amount' ? 0.01 : 1}
                min={draft.type === 'amount' ? 0.01 : POLICY_LIMITS.percentMin}
                value={draft.amount}
                onBlur={onBlur}
                onChange={(event) => set({ amount: event.target.value })}
              />
            </Field>
          )}
        </div>
        <Field
          label="Cancellation notice (hours)"
          error={errors?.cancellation_notice_hours?.message}
          hint={`Optional. How long before the appointment clients must cancel; 0 means any time. At most ${POLICY_LIMITS.noticeHoursMax}.`}
        >
          <Input
            type="number"
            inputMode="numeric"
            step={1}
            min={0}
            max={POLICY_LIMITS.noticeHoursMax}
            className="sm:max-w-40"
            value={draft.hours}
            onBlur={onBlur}
            onChange={(event) => set({ hours: event.target.value })}
          />
        </Field>
        <Field
          label="Policy text"
          error={errors?.text?.message}
          // Counted as the Professional Bio is, in the hint.
          hint={`Optional, e.g. late arrivals, no-shows or what the deposit covers. ${draft.text.length.toLocaleString('en-US')}/${POLICY_LIMITS.textMax} characters`}
        >
          <Textarea
            rows={3}
            value={draft.text}
            onBlur={onBlur}
            onChange={(event) => set({ text: event.target.value })}
          />
        </Field>
      </CardContent>
    </Card>
  );
}
