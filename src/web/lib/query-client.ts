import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors will not change by retrying; network and server errors may. A 503 means the
      // server is busy, and the API client has already waited out its Retry-After and asked again
      // once: more retries would only add to the load, so the page shows its error state.
      retry: (count, error) =>
        count < 2 &&
        !(error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.status === 503)),
    },
  },
});
