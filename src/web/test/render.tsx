// Component-test helpers: the app's providers around a component, and a fetch that answers what the
// component needs. Test-only: product code never imports this folder.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { User } from '#domain/auth.ts';
import { setSession } from '#web/lib/session.ts';

/** Renders inside a fresh QueryClient (no retries) and a MemoryRouter at `route`. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}

export interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (
  request: SentRequest,
) => { status?: number; body: unknown; headers?: Record<string, string> } | undefined;

/**
 * Replaces fetch for one test: `handler` answers each request (status 200 unless it says), and every
 * request is recorded in `requests`, body parsed. A request the handler does not answer fails loudly.
 */
export function stubFetch(handler: Handler) {
  const requests: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const raw = init.body;
      const request: SentRequest = {
        method: init.method ?? 'GET',
        path: url.pathname + url.search,
        // Names in lower case, as the Fetch standard's Headers gives them.
        headers: Object.fromEntries(
          Object.entries(Object.fromEntries(new Headers(init.headers).entries())).map(([k, v]) => [
            k.toLowerCase(),
            v,
          ]),
        ),
        body: typeof raw === 'string' ? JSON.parse(raw) : null,
      };
      requests.push(request);
      const answer = handler(request);
      if (!answer)
        throw new Error(`Unexpected request in a component test: ${request.method} ${request.path}`);
      return new Response(JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'Content-Type': 'application/json', ...answer.headers },
      });
    }),
  );
  return requests;
}

/**
 * Signs a user in for a component test: a session whose access token is far from expiry, for Ana
 * Lima (a client) unless `user` says otherwise.
 */
export function signInForTest(user: Partial<User> = {}): void {
  setSession({
    access_token: 'test-access-token',
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    user: {
      id: 'client-1',
      name: 'Ana Lima',
      email: 'ana@example.com',
      avatar_url: null,
      user_type: 'client',
      role: 'user',
      routing_slug: 'ana-lima',
      ...user,
    },
  });
}
