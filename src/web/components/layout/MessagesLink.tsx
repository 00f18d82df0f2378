import { NavLink } from 'react-router';
import { navClass } from './nav-class';
import { useUnreadMessages } from './use-unread-messages';

/**
 * 'Messages' with the unread total (docs/product.md 'Messages'): the icon and the word on a wide
 * screen, the icon alone on a phone; the count is a badge. The link's name is one hidden text,
 * 'Messages, 2 unread', holding the visible word and count (WCAG 2.5.3): MESSAGE_TEXTS.unreadTotal
 * written out, as that module would add about 2 KB to the signed-in header (Header.test.tsx checks
 * they agree). Loaded with the signed-in header only, out of the visitor's first load.
 */
export function MessagesLink({ userId }: { userId: string }) {
  const unread = useUnreadMessages(userId) ?? 0;
  return (
    <NavLink to="/messages" className={(state) => `relative flex items-center gap-1.5 ${navClass(state)}`}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        className="h-5 w-5"
      >
        <path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z" />
      </svg>
      <span aria-hidden="true" className="max-md:hidden">
        Messages
      </span>
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="rounded-full bg-brand-700 px-1.5 text-xs leading-5 text-white absolute -top-1 right-0 md:static dark:bg-brand-600"
        >
          {unread}
        </span>
      )}
      <span className="sr-only">{unread > 0 ? `Messages, ${unread} unread` : 'Messages'}</span>
    </NavLink>
  );
}
