import { BellRing, CheckCircle2, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { PushDevice } from '#domain/push.ts';
import { PUSH_KIND_LABELS, PUSH_KINDS, PUSH_TEXTS, type PushKindId } from '#domain/push-texts.ts';
import { LoadFailed } from '#web/components/ListStates.tsx';
import { Alert } from '#web/components/ui/Alert.tsx';
import { Badge } from '#web/components/ui/Badge.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Spinner } from '#web/components/ui/Spinner.tsx';
import { ApiError, NETWORK_ERROR } from '#web/lib/api-client.ts';
import { useSession } from '#web/lib/session.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useRemovePushDevice } from '../api/push-device-remove';
import { useUpdatePushDevice } from '../api/push-device-update';
import { usePushDevices } from '../api/push-devices';
import { browserHasPush, PushBlockedError, useThisPushDevice, useTurnOnPush } from '../api/push-subscribe';
import { QuietHoursForm } from './QuietHoursForm';

const toast = toastFor('notifications');

/** A day in the reader's own language (a signed-in page: never rendered on the server). */
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
const dayAndTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The server's text for a refusal it explained, else `fallback` (a network failure says so). */
function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.status === 0 ? NETWORK_ERROR : error.message;
  return fallback;
}

/**
 * 'Notifications on this device': turning push on for this browser (only when its button is pressed),
 * the account's devices with what each gets, and quiet hours for all of them.
 */
export function PushDevicesSection({ userId }: { userId?: string }) {
  const session = useSession();
  const id = userId ?? session?.user.id;
  if (!id) return null;
  return <PushDevicesCard userId={id} />;
}

function PushDevicesCard({ userId }: { userId: string }) {
  const headingId = useId();
  const devices = usePushDevices(userId);
  const thisDevice = useThisPushDevice(userId);
  const remove = useRemovePushDevice(userId);
  const update = useUpdatePushDevice(userId);
  const thisDeviceId = thisDevice.data?.device.id ?? null;

  const handleRemove = (device: PushDevice) =>
    remove.mutate(
      { id: device.id },
      {
        onSuccess: (reply) =>
          toast.success(device.id === thisDeviceId ? PUSH_TEXTS.turnedOff : reply.message),
        onError: (error) => toast.error(failureText(error, PUSH_TEXTS.saveFailed)),
      },
    );

  const handleKinds = (device: PushDevice, kinds: PushKindId[]) =>
    update.mutate(
      { id: device.id, kinds },
      {
        onSuccess: (reply) => toast.success(reply.message),
        onError: (error) => toast.error(failureText(error, PUSH_TEXTS.saveFailed)),
      },
    );

  let list: React.ReactNode;
  if (devices.isPending) list = <Spinner label="Loading your devices..." />;
  else if (devices.isError)
    list = (
      <LoadFailed
        message={PUSH_TEXTS.loadFailed}
        onRetry={() => void devices.refetch()}
        isRetrying={devices.isFetching}
      />
    );
  else
    list = (
      <>
        <p className="text-sm text-muted">
          {devices.data.devices.length === 0
            ? PUSH_TEXTS.noDevices
            : PUSH_TEXTS.devicesCount(devices.data.devices.length)}
        </p>
        {devices.data.devices.length > 0 && (
          <ul className="divide-y divide-[color:var(--border)] rounded-lg border border-app">
            {devices.data.devices.map((device) => (
              <DeviceItem
                key={device.id}
                device={device}
                isThisDevice={device.id === thisDeviceId}
                isRemoving={remove.isPending && remove.variables?.id === device.id}
                onKinds={(kinds) => handleKinds(device, kinds)}
                onRemove={() => handleRemove(device)}
              />
            ))}
          </ul>
        )}
      </>
    );

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2">
          <BellRing className="h-5 w-5 text-brand-700 dark:text-brand-300" aria-hidden="true" />
          {PUSH_TEXTS.sectionTitle}
        </CardTitle>
        <CardDescription>{PUSH_TEXTS.intro}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <ThisDevice
          userId={userId}
          thisDevice={thisDevice.data ?? null}
          isChecking={thisDevice.isPending}
          isTurningOff={remove.isPending && remove.variables?.id === thisDeviceId}
          onTurnOff={(device) => handleRemove(device)}
        />
        <div className="space-y-3">
          <h3 className="font-semibold text-app">{PUSH_TEXTS.devicesTitle}</h3>
          {list}
        </div>
        {devices.isSuccess && (
          <QuietHoursForm
            key={JSON.stringify(devices.data.quietHours)}
            userId={userId}
            saved={devices.data.quietHours}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** This browser: why it cannot be notified, 'Notify me on this device', or on with 'Turn off'. */
function ThisDevice({
  userId,
  thisDevice,
  isChecking,
  isTurningOff,
  onTurnOff,
}: {
  userId: string;
  thisDevice: { device: PushDevice } | null;
  isChecking: boolean;
  isTurningOff: boolean;
  onTurnOff: (device: PushDevice) => void;
}) {
  const turnOn = useTurnOnPush(userId);
  const isSupported = browserHasPush();
  const [permission, setPermission] = useState<NotificationPermission>(() =>
    isSupported ? Notification.permission : 'default',
  );

  if (!isSupported) return <Alert tone="info">{PUSH_TEXTS.unsupported}</Alert>;

  const handleTurnOn = () =>
    turnOn.mutate(undefined, {
      onSuccess: () => {
        setPermission('granted');
        toast.success(PUSH_TEXTS.turnedOn);
      },
      onError: (error) => {
        // Dismissing the browser's prompt is an answer too: nothing to say about it.
        if (error instanceof PushBlockedError) setPermission(Notification.permission);
        else toast.error(failureText(error, PUSH_TEXTS.failed));
      },
    });

  if (thisDevice)
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-app bg-muted px-3 py-2">
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-app">
          <CheckCircle2
            className="h-4 w-4 shrink-0 text-emerald-700 dark:text-emerald-400"
            aria-hidden="true"
          />
          {PUSH_TEXTS.enabled}
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={isTurningOff}
          onClick={() => onTurnOff(thisDevice.device)}
        >
          {isTurningOff && <Spinner />}
          {PUSH_TEXTS.disable}
        </Button>
      </div>
    );

  return (
    <div className="space-y-3">
      {permission === 'denied' && <Alert tone="info">{PUSH_TEXTS.denied}</Alert>}
      <Button disabled={turnOn.isPending || isChecking} aria-busy={turnOn.isPending} onClick={handleTurnOn}>
        {turnOn.isPending ? (
          <Spinner label={PUSH_TEXTS.enabling} />
        ) : (
          <>
            <BellRing className="h-4 w-4" aria-hidden="true" />
            {PUSH_TEXTS.enable}
          </>
        )}
      </Button>
    </div>
  );
}

/** One device: its name, when it was added and last notified, what it gets, and Remove. */
function DeviceItem({
  device,
  isThisDevice,
  isRemoving,
  onKinds,
  onRemove,
}: {
  device: PushDevice;
  isThisDevice: boolean;
  isRemoving: boolean;
  onKinds: (kinds: PushKindId[]) => void;
  onRemove: () => void;
}) {
  const toggle = (kind: PushKindId, isOn: boolean) =>
    onKinds(PUSH_KINDS.filter((k) => (k === kind ? isOn : device.kinds.includes(k))));
  return (
    <li className="space-y-3 p-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium break-words text-app">
            {device.name}{' '}
            {isThisDevice && <Badge className="ml-1 align-middle">{PUSH_TEXTS.thisDevice}</Badge>}
          </p>
          <p className="text-sm text-muted">
            {PUSH_TEXTS.addedOn(day(device.createdAt))}
            {device.lastSuccessAt && ` · ${PUSH_TEXTS.lastDelivered(dayAndTime(device.lastSuccessAt))}`}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={isRemoving}
          onClick={onRemove}
          aria-label={PUSH_TEXTS.removeDeviceLabel(device.name)}
        >
          {isRemoving ? <Spinner /> : <Trash2 className="h-4 w-4" aria-hidden="true" />}
          {PUSH_TEXTS.removeDevice}
        </Button>
      </div>
      <fieldset>
        <legend className="sr-only">{`What ${device.name} gets`}</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-5">
          {PUSH_KINDS.map((kind) => (
            <label key={kind} className="flex items-start gap-2 text-sm text-app">
              <input
                type="checkbox"
                checked={device.kinds.includes(kind)}
                onChange={(event) => toggle(kind, event.target.checked)}
                className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
              />
              {PUSH_KIND_LABELS[kind]}
            </label>
          ))}
        </div>
      </fieldset>
    </li>
  );
}
