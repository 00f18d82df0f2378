import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { useTheme } from '../lib/theme';
import { Toaster } from '../lib/toast';

/**
 * The app around its router: the browser (main.tsx, with <BrowserRouter>) and the server
 * (entry-server.tsx, with <StaticRouter>) render this same tree, so a server-rendered page hydrates
 * without a mismatch (ADR 017).
 */
export function App({ client, children }: { client: QueryClient; children: ReactNode }) {
  const theme = useTheme();
  // The app has rendered (or hydrated a server-rendered page) and answers clicks from here on: the
  // browser tests wait for this before they act (e2e/fixtures.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster theme={theme} />
    </QueryClientProvider>
  );
}
