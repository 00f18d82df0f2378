import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { preloadable } from '#web/lib/preloadable.tsx';
import { RootLayout } from './root-layout';
import { HomePage } from './routes/home';
import type { ServerRenderedRoute } from './ssr-state';

/*
 * Declarative routes (<BrowserRouter> + <Routes>) rather than a data router: the app loads no data
 * through the router, and createBrowserRouter's loader/action machinery was about 15 KB gzipped of
 * the home page's first load (capped at 120 KB, docs/performance.md 'Budgets'). Home is in the main
 * bundle; every other route is loaded when first visited (RootLayout's Suspense keeps the current
 * page on screen meanwhile, since navigations are transitions).
 */
const legal = () => import('./routes/legal');
// The fixed pages come rendered by the server (ADR 017), so their code can be loaded before hydrating.
const HelpPage = preloadable(() => import('./routes/help').then((m) => m.HelpPage));
const AboutPage = preloadable(() => import('./routes/about').then((m) => m.AboutPage));
const TermsPage = preloadable(() => legal().then((m) => m.TermsPage));
const PrivacyPage = preloadable(() => legal().then((m) => m.PrivacyPage));
const ResetPasswordPage = lazy(() =>
  import('./routes/reset-password').then((m) => ({ default: m.ResetPasswordPage })),
);
const UnsubscribePage = lazy(() =>
  import('./routes/unsubscribe').then((m) => ({ default: m.UnsubscribePage })),
);
// The signed-in pages come with their guard (RequireAuth and its spinner are not in the first load).
const guards = () => import('./routes/guards');
const AccountPage = lazy(async () => {
  const [{ RequireAuth }, { AccountPage: Page }] = await Promise.all([guards(), import('./routes/account')]);
  return {
    default: () => (
      <RequireAuth keepOnSignOut>
        <Page />
      </RequireAuth>
    ),
  };
});
const SettingsPage = lazy(async () => {
  const [{ RequireAuth }, { SettingsPage: Page }] = await Promise.all([
    guards(),
    import('./routes/settings'),
  ]);
  return {
    default: () => (
      <RequireAuth>
        <Page />
      </RequireAuth>
    ),
  };
});
const MessagesPage = lazy(async () => {
  const [{ RequireAuth }, { MessagesPage: Page }] = await Promise.all([
    guards(),
    import('./routes/messages'),
  ]);
  return {
    default: () => (
      <RequireAuth>
        <Page />
      </RequireAuth>
    ),
  };
});
// The links of an email change: open without signing in (the undo must work for a locked-out owner).
const EmailChangePage = lazy(() =>
  import('./routes/email-change').then((m) => ({ default: m.EmailChangePage })),
);
// Open to everyone (ADR 012): openings are for clients.
const AvailabilityPage = lazy(() =>
  import('./routes/availability').then((m) => ({ default: m.AvailabilityPage })),
);
const AdminPage = lazy(async () => {
  const [{ RequireAuth }, { AdminPage: Page }] = await Promise.all([guards(), import('./routes/admin')]);
  return {
    default: () => (
      <RequireAuth>
        <Page />
      </RequireAuth>
    ),
  };
});
const LandingPage = preloadable(() => import('./routes/landing').then((m) => m.LandingPage));

// The server renders it for every address that names nothing (404), so it can load before hydrating.
const NotFoundPage = preloadable(() => import('./routes/not-found').then((m) => m.NotFoundPage));
// A profile opened directly comes rendered by the server with its data (ADR 017); one reached from
// a card asks for its data when its code has loaded.
const ProfilePage = preloadable(() => import('./routes/profile').then((m) => m.ProfilePage));

/**
 * The lazy routes the server renders (ADR 017), by the name SsrState gives them (home is in the
 * entry: nothing to load).
 */
const SERVER_RENDERED: Record<Exclude<ServerRenderedRoute, 'home'>, { preload(): Promise<void> }> = {
  profile: ProfilePage,
  landing: LandingPage,
  help: HelpPage,
  about: AboutPage,
  terms: TermsPage,
  privacy: PrivacyPage,
  // Rendered at the address that names nothing: a slug's (the profile route shows its not-found
  // state), a landing path's whose place we do not know (the landing route shows NotFoundPage), or
  // any other (NotFoundPage).
  'not-found': {
    preload: async () => {
      await Promise.all([NotFoundPage.preload(), ProfilePage.preload(), LandingPage.preload()]);
    },
  },
  // A known service in a known place with nobody there: the landing route's own explanation.
  'empty-landing': LandingPage,
};

/** Loads a server-rendered route's code, so the first render (the server's, hydration) does not suspend. */
export const preloadRoute = async (route: ServerRenderedRoute) => {
  if (route !== 'home') await SERVER_RENDERED[route].preload();
};

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="help" element={<HelpPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="unsubscribe" element={<UnsubscribePage />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="messages" element={<MessagesPage />} />
        <Route path="messages/:threadId" element={<MessagesPage />} />
        <Route path="email-change" element={<EmailChangePage />} />
        <Route path="availability" element={<AvailabilityPage />} />
        <Route path="admin" element={<AdminPage />} />
        <Route path=":slug" element={<ProfilePage />} />
        {/* /{service}/{place}: the landing route itself shows NotFoundPage when the two segments name nothing. */}
        <Route path=":service/:place" element={<LandingPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
