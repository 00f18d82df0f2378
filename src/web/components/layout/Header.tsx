import { Menu, Sparkles, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { BRAND } from '#domain/brand.ts';
import { openAuthDialog } from '#web/lib/auth-dialog-store.ts';
import { useSession } from '#web/lib/session.ts';
import { openSupportDialog } from '#web/lib/support-dialog-store.ts';
import { Avatar } from '../ui/Avatar';
import { Button } from '../ui/Button';
import { navClass } from './nav-class';
import { ThemeToggle } from './ThemeToggle';

// Only signed-in people need the menu (and its positioning library), and the link to their messages.
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));
const MessagesLink = lazy(() => import('./MessagesLink').then((m) => ({ default: m.MessagesLink })));

/**
 * What only a visitor sees: a server-rendered page is drawn as a visitor's, and while a stored session
 * is unread these stay hidden instead of flashing 'Sign up / Log in' at someone signed in (styles.css).
 */
const VISITOR_ONLY = 'visitor-only';

export function Header() {
  const session = useSession();
  const user = session?.user;
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu on every navigation
  useEffect(() => setMenuOpen(false), [location.pathname]);

  return (
    <header className="sticky top-0 z-30 border-b border-app bg-app">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2">
          <Sparkles className="h-7 w-7 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          <span className="flex flex-col leading-tight">
            <span className="text-lg font-bold text-app">{BRAND.name}</span>
            <span className="hidden text-xs text-muted sm:block">{BRAND.tagline}</span>
          </span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {!user && (
            <>
              <NavLink to="/about" className={(state) => `${VISITOR_ONLY} ${navClass(state)}`}>
                About Us
              </NavLink>
              <button
                type="button"
                className={`${VISITOR_ONLY} cursor-pointer ${navClass({ isActive: false })}`}
                onClick={openSupportDialog}
              >
                Support
              </button>
            </>
          )}
          {user && (
            <Suspense fallback={null}>
              <MessagesLink userId={user.id} />
            </Suspense>
          )}
          <ThemeToggle />
          {user ? (
            <Suspense fallback={<Avatar name={user.name || user.email} src={user.avatar_url} size={36} />}>
              <UserMenu user={user} />
            </Suspense>
          ) : (
            <Button onClick={() => openAuthDialog('login')} className={`${VISITOR_ONLY} ml-2`}>
              Sign up / Log in
            </Button>
          )}
        </nav>
        <div className="flex items-center gap-1 md:hidden">
          {user && (
            <Suspense fallback={null}>
              <MessagesLink userId={user.id} />
            </Suspense>
          )}
          <ThemeToggle />
          {user && (
            <Suspense fallback={<Avatar name={user.name || user.email} src={user.avatar_url} size={36} />}>
              <UserMenu user={user} />
            </Suspense>
          )}
          {!user && (
            <Button
              variant="ghost"
              size="icon"
              className={VISITOR_ONLY}
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? (
                <X className="h-5 w-5" aria-hidden="true" />
              ) : (
                <Menu className="h-5 w-5" aria-hidden="true" />
              )}
            </Button>
          )}
        </div>
      </div>
      {menuOpen && !user && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-app px-4 py-3 md:hidden">
          <div className="flex flex-col gap-1">
            <NavLink to="/about" className={navClass}>
              About Us
            </NavLink>
            <button
              type="button"
              className={`cursor-pointer text-left ${navClass({ isActive: false })}`}
              onClick={() => {
                setMenuOpen(false);
                openSupportDialog();
              }}
            >
              Support
            </button>
            <Button
              className="mt-2"
              onClick={() => {
                setMenuOpen(false);
                openAuthDialog('login');
              }}
            >
              Sign up / Log in
            </Button>
          </div>
        </nav>
      )}
    </header>
  );
}
