import { Ban } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { BLOCK_TEXTS, blockTitle } from '#domain/blocks-options.ts';
import { Button } from '#web/components/ui/Button.tsx';
import { useBlockedProviders, useSetBlocked } from '../api/blocked-providers';

const ConfirmDialog = lazy(() =>
  import('#web/components/ui/ConfirmDialog.tsx').then((m) => ({ default: m.ConfirmDialog })),
);

/**
 * 'Block provider' on a profile, for a signed-in visitor other than the provider: after a
 * confirmation that says what it does, no emails about their openings and none under 'New for
 * you'. A blocked provider's profile offers Unblock instead.
 */
export function BlockProviderButton({
  userId,
  providerId,
  providerName,
}: {
  userId: string;
  providerId: string;
  providerName: string;
}) {
  const blocked = useBlockedProviders(userId);
  const change = useSetBlocked(userId);
  const [isAsking, setAsking] = useState(false);
  const [wasAsked, setWasAsked] = useState(false);
  if (!blocked.data) return null;
  const isBlocked = blocked.data.some((p) => p.id === providerId);

  if (isBlocked) {
    return (
      <p className="flex flex-wrap items-center justify-center gap-x-2 text-sm text-muted">
        <Ban className="h-4 w-4" aria-hidden="true" />
        You blocked this provider.
        <Button
          variant="ghost"
          size="sm"
          disabled={change.isPending}
          onClick={() => change.mutate({ providerId, block: false })}
        >
          {BLOCK_TEXTS.unblockProvider}
          <span className="sr-only"> {providerName}</span>
        </Button>
      </p>
    );
  }
  return (
    <div className="flex justify-center">
      <Button
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        onClick={() => {
          setWasAsked(true);
          setAsking(true);
        }}
      >
        <Ban className="h-4 w-4" aria-hidden="true" />
        {BLOCK_TEXTS.blockProvider}
      </Button>
      {wasAsked && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={isAsking}
            onOpenChange={setAsking}
            title={blockTitle(providerName)}
            description={BLOCK_TEXTS.blockWhat}
            confirmLabel={BLOCK_TEXTS.blockConfirm}
            isPending={change.isPending}
            onConfirm={() =>
              change.mutate({ providerId, block: true }, { onSuccess: () => setAsking(false) })
            }
          />
        </Suspense>
      )}
    </div>
  );
}
