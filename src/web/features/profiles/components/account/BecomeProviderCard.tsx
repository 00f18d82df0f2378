import { CalendarPlus, Images, Link2, Search, Sparkles, UserRound } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Dialog } from '#web/components/ui/Dialog.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useUpgradeToProvider } from '../../api/upgrade-to-provider';

const toast = toastFor('become-provider');

const BENEFITS = [
  { icon: UserRound, text: 'Your own public profile page' },
  { icon: Images, text: 'A portfolio to showcase your work' },
  { icon: Link2, text: 'Direct booking integration with your booking link' },
  { icon: Search, text: 'Appear in client searches' },
  { icon: CalendarPlus, text: 'Post your upcoming availability' },
] as const;

/** For clients: the 'Create Your Public Profile' card and the 'Become a Service Provider' dialog. */
export function BecomeProviderCard() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const upgrade = useUpgradeToProvider();

  // mutateAsync, not mutate callbacks: on success this card unmounts (the page turns into the
  // provider form), and per-call callbacks of an unmounted component never run.
  const handleUpgrade = async () => {
    try {
      await upgrade.mutateAsync();
    } catch (error) {
      toast.error('Upgrade Failed', {
        description: error instanceof ApiError && error.message ? error.message : 'Failed to upgrade account',
      });
      return;
    }
    setOpen(false);
    toast.success('Welcome, service provider!', {
      description: 'Your account has been upgraded. Now complete your profile so clients can find you.',
    });
  };

  return (
    <Card aria-labelledby={id} className="overflow-hidden">
      <div className="bg-gradient-to-r from-brand-100 to-transparent dark:from-brand-900/50">
        <CardHeader className="pb-5">
          <div className="flex items-center gap-2">
            <Sparkles className="h-5 w-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
            <CardTitle id={id}>Create Your Public Profile</CardTitle>
          </div>
          <CardDescription>
            Are you a beauty professional? Turn this account into a service provider account and let clients
            find and book you. It is free during beta.
          </CardDescription>
        </CardHeader>
      </div>
      <CardContent>
        <Button onClick={() => setOpen(true)} className="w-full sm:w-auto">
          Become a Service Provider
        </Button>
      </CardContent>

      <Dialog
        open={open}
        onOpenChange={(next) => !upgrade.isPending && setOpen(next)}
        title="Become a Service Provider"
        description="Create your service profile and get:"
      >
        <ul className="space-y-3">
          {BENEFITS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3 text-sm text-app">
              <span className="mt-0.5 inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800 dark:bg-brand-900/60 dark:text-brand-100">
                <Icon className="h-4 w-4" aria-hidden="true" />
              </span>
              <span className="pt-1">{text}</span>
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={upgrade.isPending} onClick={() => setOpen(false)}>
            Maybe Later
          </Button>
          <Button disabled={upgrade.isPending} onClick={() => void handleUpgrade()}>
            {upgrade.isPending && <Spinner />}
            Create My Service Profile
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
