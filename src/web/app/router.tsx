import { createBrowserRouter } from 'react-router';
import { RootLayout } from './root-layout';
import { RequireAuth } from './routes/guards';
import { HomePage } from './routes/home';
import { NotFoundPage } from './routes/not-found';

// Home is in the main bundle; every other route is loaded when first visited.
const legal = () => import('./routes/legal');

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'help', lazy: async () => ({ Component: (await import('./routes/help')).HelpPage }) },
      { path: 'about', lazy: async () => ({ Component: (await import('./routes/about')).AboutPage }) },
      { path: 'terms', lazy: async () => ({ Component: (await legal()).TermsPage }) },
      { path: 'privacy', lazy: async () => ({ Component: (await legal()).PrivacyPage }) },
      {
        path: 'reset-password',
        lazy: async () => ({ Component: (await import('./routes/reset-password')).ResetPasswordPage }),
      },
      {
        path: 'unsubscribe',
        lazy: async () => ({ Component: (await import('./routes/unsubscribe')).UnsubscribePage }),
      },
      {
        path: 'account',
        lazy: async () => {
          const { AccountPage } = await import('./routes/account');
          return {
            element: (
              <RequireAuth keepOnSignOut>
                <AccountPage />
              </RequireAuth>
            ),
          };
        },
      },
      {
        path: 'availability',
        lazy: async () => {
          const { AvailabilityPage } = await import('./routes/availability');
          return {
            element: (
              <RequireAuth only="provider">
                <AvailabilityPage />
              </RequireAuth>
            ),
          };
        },
      },
      {
        path: 'admin',
        lazy: async () => {
          const { AdminPage } = await import('./routes/admin');
          return {
            element: (
              <RequireAuth>
                <AdminPage />
              </RequireAuth>
            ),
          };
        },
      },
      { path: ':slug', lazy: async () => ({ Component: (await import('./routes/profile')).ProfilePage }) },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
