import { Ban } from 'lucide-react';
import { Link } from 'react-router';
import { BLOCK_TEXTS } from '#domain/blocks-options.ts';
import { thumbnailUrl } from '#domain/image-urls.ts';
import { LoadFailed } from '#web/components/ListStates.tsx';
import { Avatar } from '#web/components/ui/Avatar.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { useBlockedProviders, useSetBlocked } from '../api/blocked-providers';

/** The account page's blocked providers, newest first, each with Unblock. */
export function BlockedProvidersSection({ userId }: { userId: string }) {
  const query = useBlockedProviders(userId);
  const change = useSetBlocked(userId);

  let content: React.ReactNode;
  if (query.isPending) content = <Spinner label="Loading blocked providers..." />;
  else if (query.isError)
    content = (
      <LoadFailed
        message={BLOCK_TEXTS.blockedFailed}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  else if (query.data.length === 0)
    content = (
      <p className="flex items-center gap-2 text-sm text-muted">
        <Ban className="h-4 w-4" aria-hidden="true" />
        {BLOCK_TEXTS.blockedEmpty}
      </p>
    );
  else
    content = (
      <ul>
        {query.data.map((p) => (
          <li key={p.id} className="flex items-center gap-3 border-b border-app py-3 last:border-b-0">
            <Avatar name={p.name} src={p.avatar_url ? thumbnailUrl(p.avatar_url) : null} size={40} />
            <Link
              to={`/${p.routing_slug}`}
              className="min-w-0 flex-1 font-medium break-words text-app hover:underline"
            >
              {p.name}
            </Link>
            <Button
              variant="outline"
              size="sm"
              disabled={change.isPending && change.variables?.providerId === p.id}
              onClick={() => change.mutate({ providerId: p.id, block: false })}
            >
              {BLOCK_TEXTS.unblockProvider}
              <span className="sr-only"> {p.name}</span>
            </Button>
          </li>
        ))}
      </ul>
    );

  return (
    <Card aria-labelledby="blocked-providers-title">
      <CardHeader>
        <CardTitle id="blocked-providers-title">{BLOCK_TEXTS.blockedTitle}</CardTitle>
        <CardDescription>{BLOCK_TEXTS.blockedIntro}</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
