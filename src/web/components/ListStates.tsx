import { RotateCcw } from 'lucide-react';
import { Alert } from './ui/Alert';
import { Button } from './ui/Button';
import { Spinner } from './ui/Spinner';

/** A section that failed to load: the message (docs/product.md §8's text) and 'Try Again'. */
export function LoadFailed({
  message,
  onRetry,
  isRetrying = false,
}: {
  message: string;
  onRetry: () => void;
  isRetrying?: boolean;
}) {
  return (
    <div className="space-y-3">
      <Alert>{message}</Alert>
      <Button variant="outline" size="sm" disabled={isRetrying} onClick={onRetry}>
        <RotateCcw className="h-4 w-4" aria-hidden="true" />
        Try Again
      </Button>
    </div>
  );
}

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** 'Load more' under a paged list, while there is a next page. */
export function LoadMoreButton({ query, size = 'md' }: { query: PagedQuery; size?: 'md' | 'sm' }) {
  if (!query.hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button
        variant="outline"
        size={size}
        disabled={query.isFetchingNextPage}
        onClick={() => void query.fetchNextPage()}
      >
        {query.isFetchingNextPage && <Spinner />}
        Load more
      </Button>
    </div>
  );
}
