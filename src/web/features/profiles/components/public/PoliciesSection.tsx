import { ReceiptText } from 'lucide-react';
import { BRAND } from '#domain/brand.ts';
import { type Policies, policyLines } from '#domain/policies-options.ts';
import { ProfileSection } from './ProfileSection';

/**
 * 'Policies', beside the Book button: the deposit, the cancellation notice and the provider's text,
 * as they state them. We take no payment: any deposit is paid on their own booking page.
 */
export function PoliciesSection({ policies, providerName }: { policies: Policies; providerName: string }) {
  const text = policies.text.trim();
  return (
    <ProfileSection title="Policies" icon={ReceiptText}>
      <ul className="space-y-1 text-app">
        {policyLines(policies).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {text && <p className="mt-2 break-words whitespace-pre-line text-app">{text}</p>}
      <p className="mt-3 text-xs text-muted">
        As stated by {providerName}. Any deposit is paid on their booking page, not on {BRAND.name}.
      </p>
    </ProfileSection>
  );
}
