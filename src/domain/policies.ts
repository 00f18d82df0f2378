import { z } from 'zod';
import { text } from './fields';
import { POLICY_LIMITS } from './policies-options';
import { formatMoney, PRICING_LIMITS } from './pricing-options';

export * from './policies-options';

/** A provider's deposit and cancellation policies, as the account form and PUT /api/auth/profile send them. */

export const POLICY_TEXTS = {
  depositType: 'Choose no deposit, an amount or a percentage',
  depositAmount: `Deposit amount must be more than $0 and at most ${formatMoney(PRICING_LIMITS.priceMax)}`,
  depositPercent: `Deposit percentage must be between ${POLICY_LIMITS.percentMin} and ${POLICY_LIMITS.percentMax}`,
  noticeHours: `Cancellation notice must be whole hours from 0 to ${POLICY_LIMITS.noticeHoursMax}`,
} as const;

/** Cents, or hundredths of a percent: what is stored and shown. */
const hundredths = (value: number) => Math.round(value * 100) / 100;

const depositValue = (message: string, min: number, max: number) =>
  z.number({ error: message }).transform(hundredths).pipe(z.number().min(min, message).max(max, message));

export const DepositSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('amount'),
      value: depositValue(POLICY_TEXTS.depositAmount, 0.01, PRICING_LIMITS.priceMax),
    }),
    z.object({
      type: z.literal('percent'),
      value: depositValue(POLICY_TEXTS.depositPercent, POLICY_LIMITS.percentMin, POLICY_LIMITS.percentMax),
    }),
  ],
  { error: POLICY_TEXTS.depositType },
);

/**
 * All three together (a save replaces the provider's policies): the deposit (null: none), the
 * hours of notice before cancelling (null: none stated; 0: cancel any time) and a short text.
 */
export const PoliciesSchema = z
  .object({
    deposit: DepositSchema.nullable(),
    cancellation_notice_hours: z
      .number({ error: POLICY_TEXTS.noticeHours })
      .int(POLICY_TEXTS.noticeHours)
      .min(0, POLICY_TEXTS.noticeHours)
      .max(POLICY_LIMITS.noticeHoursMax, POLICY_TEXTS.noticeHours)
      .nullable(),
    text: text(POLICY_LIMITS.textMax, 'Policy text'),
  })
  .strict();
export type PoliciesInput = z.input<typeof PoliciesSchema>;

/** The policies as the API answers them (the profile and every opening). */
export const PoliciesReplySchema = z.object({
  deposit: z.object({ type: z.enum(['amount', 'percent']), value: z.number() }).nullable(),
  cancellation_notice_hours: z.number().int().nullable(),
  text: z.string(),
});
