import { Check, Plus } from 'lucide-react';
import { useState } from 'react';
import { FAVORITE_ACCOUNT_TEXTS } from '#domain/favorites-account-texts.ts';
import { FAVORITE_TEXTS } from '#domain/favorites-options.ts';
import { SERVICE_CATALOGUE } from '#domain/service-catalogue.ts';
import { LoadFailed } from '#web/components/ListStates.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { toggleChipClass } from '#web/components/ui/Chip.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useFavoriteServices, useToggleFavoriteService } from '../api/favorite-services';

/**
 * The favourite-services catalogue (docs/product.md §2 'Account', §9 groups): a toggle per service with its
 * own pending state while its call runs; membership changes when the server has answered.
 */
export function FavoriteServices({ userId }: { userId: string }) {
  const query = useFavoriteServices(userId);
  const toggle = useToggleFavoriteService(userId);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());

  const handleToggle = async (serviceName: string, add: boolean) => {
    setPending((s) => new Set(s).add(serviceName));
    try {
      await toggle.mutateAsync({ serviceName, add });
    } catch {
      // The mutation's onError has told the user.
    } finally {
      setPending((s) => {
        const next = new Set(s);
        next.delete(serviceName);
        return next;
      });
    }
  };

  let content: React.ReactNode;
  if (query.isPending) content = <Spinner label="Loading favorite services..." />;
  else if (query.isError)
    content = (
      <LoadFailed
        message={FAVORITE_TEXTS.servicesFailed}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  else {
    const chosen = new Set(query.data);
    content = (
      <div className="space-y-5">
        {SERVICE_CATALOGUE.map(({ group, services }) => (
          <fieldset key={group}>
            <legend className="mb-2 text-sm font-semibold text-app">{group}</legend>
            <ul className="flex flex-wrap gap-2">
              {services.map((name) => {
                const isOn = chosen.has(name);
                const isBusy = pending.has(name);
                return (
                  <li key={name}>
                    <button
                      type="button"
                      aria-pressed={isOn}
                      aria-busy={isBusy}
                      disabled={isBusy}
                      onClick={() => void handleToggle(name, !isOn)}
                      className={toggleChipClass(isOn, 'gap-1.5 disabled:cursor-wait disabled:opacity-70')}
                    >
                      {isBusy ? (
                        <Spinner />
                      ) : isOn ? (
                        <Check className="h-3.5 w-3.5" aria-hidden="true" />
                      ) : (
                        <Plus className="h-3.5 w-3.5" aria-hidden="true" />
                      )}
                      {name}
                    </button>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
      </div>
    );
  }

  return (
    <Card aria-labelledby="favorite-services-title">
      <CardHeader>
        <CardTitle id="favorite-services-title">Favorite Services</CardTitle>
        <CardDescription>{FAVORITE_ACCOUNT_TEXTS.servicesHint}</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
