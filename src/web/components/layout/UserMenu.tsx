import { ChevronDown, CircleUserRound, LogOut, MessageCircle, Settings, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import type { User } from '#domain/auth.ts';
import { Avatar } from '../ui/Avatar';
import { useLogout } from './use-logout';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm text-app outline-none data-[highlighted]:bg-muted';

export function UserMenu({ user }: { user: User }) {
  const logout = useLogout();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="flex items-center gap-1 rounded-full p-0.5 hover:bg-muted"
        aria-label={`Account menu for ${user.name || user.email}`}
      >
        <Avatar name={user.name || user.email} src={user.avatar_url} size={36} />
        <ChevronDown className="h-4 w-4 text-muted" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-xl border border-app bg-card p-1 shadow-xl"
        >
          <div className="px-2 py-2">
            <p className="text-sm font-semibold text-app">{user.name}</p>
            <p className="truncate text-xs text-muted">{user.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-[color:var(--border)]" />
          {user.user_type === 'provider' && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={`/${user.routing_slug}`}>
                <UserRound className="h-4 w-4" aria-hidden="true" /> Public Profile
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/messages">
              <MessageCircle className="h-4 w-4" aria-hidden="true" /> Messages
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/account">
              <CircleUserRound className="h-4 w-4" aria-hidden="true" /> Account
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/settings">
              <Settings className="h-4 w-4" aria-hidden="true" /> Settings
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={logout}>
            <LogOut className="h-4 w-4" aria-hidden="true" /> Log out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
