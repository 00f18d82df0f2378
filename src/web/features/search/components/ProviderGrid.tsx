import type { ProviderCard as ProviderCardData } from '../../../../domain/search';
import { ProviderCard } from '../../../components/ProviderCard';

export function ProviderGrid({ providers }: { providers: readonly ProviderCardData[] }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {providers.map((p) => (
        <li key={p.id}>
          <ProviderCard provider={p} />
        </li>
      ))}
    </ul>
  );
}
