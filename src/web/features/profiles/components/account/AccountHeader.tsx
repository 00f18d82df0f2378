import { ExternalLink, Settings } from 'lucide-react';
import { Link } from 'react-router';
import type { AccountProfile } from '#domain/profiles.ts';
import { missingForListing } from '#domain/profiles-options.ts';
import { Badge } from '#web/components/ui/Badge.tsx';
import { buttonVariants } from '#web/components/ui/Button.tsx';

/**
 * 'Account Settings', the account type and the email; providers get a link to their public page (its
 * preview until listed); everyone a link to /settings.
 */
export function AccountHeader({ profile }: { profile: AccountProfile }) {
  const isProvider = profile.user_type === 'provider';
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0 space-y-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold text-app">Account Settings</h1>
          <Badge variant={isProvider ? 'brand' : 'neutral'}>
            {isProvider ? 'Service Provider' : 'Client'}
          </Badge>
        </div>
        <p className="truncate text-muted">{profile.email}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        {isProvider && profile.routing_slug && (
          <Link
            to={`/${profile.routing_slug}`}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            {/* Not listed yet, the page is a preview only its owner can open. */}
            {missingForListing(profile).length > 0 ? 'Preview your profile' : 'View public profile'}
          </Link>
        )}
        {/* Password, email, passkeys, sessions, notifications, the data download and deletion. */}
        <Link to="/settings" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <Settings className="h-4 w-4" aria-hidden="true" />
          Sign-in &amp; privacy
        </Link>
      </div>
    </header>
  );
}
