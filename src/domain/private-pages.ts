/**
 * The app's pages for one person: signed in (account, settings, messages, admin) or opened from an
 * emailed link's token (email change, password reset, unsubscribe). Not for search engines:
 * robots.txt disallows them and their sub-paths (a conversation, /messages/<id>), and their HTML
 * says noindex (src/server/plugins/web.ts), for a crawler that reaches one all the same.
 */
export const PRIVATE_PAGES: readonly string[] = [
  '/account',
  '/settings',
  '/messages',
  '/email-change',
  '/admin',
  '/reset-password',
  '/unsubscribe',
];
