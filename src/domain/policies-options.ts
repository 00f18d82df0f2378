import { formatMoney } from './pricing-options';

/**
 * A provider's booking policies as clients see them: the deposit they ask, the cancellation notice
 * and a short text. We only show what the provider states; the deposit is paid on their own booking
 * page, never through us. One formatter for the profile, the openings and the emails. No zod, so
 * the pages that only show policies load them cheaply (the schema is in policies.ts).
 */

export const DEPOSIT_TYPES = ['amount', 'percent'] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];

export interface Deposit {
  type: DepositType;
  /** Dollars for 'amount', a percentage of the price for 'percent'. */
  value: number;
}

/** The profile's and every opening's `policies`: null / '' where the provider states nothing. */
export interface Policies {
  deposit: Deposit | null;
  cancellation_notice_hours: number | null;
  text: string;
}

export const POLICY_LIMITS = { textMax: 500, noticeHoursMax: 720, percentMin: 1, percentMax: 100 } as const;

/** '$20', '$12.50' or '20%', '12.5%'. */
export const depositAmount = (d: Deposit) =>
  d.type === 'percent' ? `${Math.round(d.value * 100) / 100}%` : formatMoney(d.value);

/** Whether the provider states anything (older cached replies have no `policies`: nothing). */
export const hasPolicies = (p: Policies | null | undefined): p is Policies =>
  Boolean(p && (p.deposit || p.cancellation_notice_hours !== null || p.text.trim()));

/**
 * The profile's lines: 'Deposit: $20 when booking', 'Cancel at least 24 hours ahead' (0 hours:
 * no notice asked). The text is shown as written, after them.
 */
export function policyLines(p: Policies): string[] {
  const hours = p.cancellation_notice_hours;
  const lines = p.deposit ? [`Deposit: ${depositAmount(p.deposit)} when booking`] : [];
  if (hours === 0) lines.push('Cancel any time before the appointment');
  else if (hours !== null) lines.push(`Cancel at least ${hours} ${hours === 1 ? 'hour' : 'hours'} ahead`);
  return lines;
}

/** An opening's (and an alert email's) line: 'Deposit $20 · 24 h cancellation notice'; '' when neither is stated. */
export function policySummary(p: Policies): string {
  const hours = p.cancellation_notice_hours;
  const parts = p.deposit ? [`Deposit ${depositAmount(p.deposit)}`] : [];
  if (hours === 0) parts.push('No cancellation notice needed');
  else if (hours !== null) parts.push(`${hours} h cancellation notice`);
  return parts.join(' · ');
}
