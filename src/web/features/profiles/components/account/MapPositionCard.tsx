import { MapPin } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { MAP_TEXTS, MapPositionBodySchema } from '#domain/map-area.ts';
import type { AccountProfile } from '#domain/profiles.ts';
import { PinPickerPanel } from '#web/components/map/PinPickerPanel.tsx';
import { Button } from '#web/components/ui/Button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/Card.tsx';
import { Field } from '#web/components/ui/Field.tsx';
import { Input } from '#web/components/ui/Input.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { toastFor } from '#web/lib/toast.tsx';
import { useSetMapPosition } from '../../api/set-map-position';

const toast = toastFor('map-position');

type Choice = 'zip' | 'pin';

/**
 * 'Map position' on the provider's account page: shown at their zip's centre (the default, and
 * what someone working from home wants) or at a pin they place by latitude and longitude. The
 * server rounds the pin to about 100 m and keeps it within 30 miles of the zip.
 */
export function MapPositionCard({ profile }: { profile: AccountProfile }) {
  const ids = { legend: useId(), now: useId(), mapHint: useId() };
  const pinned = profile.pinned ?? false;
  const [choice, setChoice] = useState<Choice>(pinned ? 'pin' : 'zip');
  const [latitude, setLatitude] = useState(
    pinned && profile.position ? String(profile.position.latitude) : '',
  );
  const [longitude, setLongitude] = useState(
    pinned && profile.position ? String(profile.position.longitude) : '',
  );
  const [error, setError] = useState<string | null>(null);
  const save = useSetMapPosition();
  const zip = profile.zip ?? null;
  const typed = { latitude: Number.parseFloat(latitude), longitude: Number.parseFloat(longitude) };
  const typedPin =
    Number.isFinite(typed.latitude) &&
    Number.isFinite(typed.longitude) &&
    Math.abs(typed.latitude) <= 90 &&
    Math.abs(typed.longitude) <= 180
      ? typed
      : null;
  const handlePick = (pin: { latitude: number; longitude: number }) => {
    setLatitude(String(pin.latitude));
    setLongitude(String(pin.longitude));
    setError(null);
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const asNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));
    const parsed = MapPositionBodySchema.safeParse(
      choice === 'zip'
        ? { pinned: false }
        : { pinned: true, latitude: asNumber(latitude), longitude: asNumber(longitude) },
    );
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MAP_TEXTS.pinNumbers);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (reply) => toast.success('Saved', { description: reply.message }),
      onError: (failure) => {
        const message = failure instanceof ApiError ? failure.message : 'Failed to save your map position';
        setError(message);
        toast.error('Error', { description: message });
      },
    });
  };

  const now = pinned
    ? `Now: your own pin (${profile.position?.latitude}, ${profile.position?.longitude})`
    : zip
      ? `Now: the centre of ${zip}`
      : 'Now: not on the map (add your zip code)';

  return (
    <Card id="map-position" className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MapPin className="h-5 w-5" aria-hidden="true" />
          {MAP_TEXTS.heading}
        </CardTitle>
        <CardDescription id={ids.now}>{now}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit} noValidate className="space-y-4" aria-describedby={ids.now}>
          <fieldset className="space-y-2">
            <legend id={ids.legend} className="text-sm font-medium text-app">
              Where clients see you on the map
            </legend>
            <label className="flex cursor-pointer items-start gap-2 text-sm text-app">
              <input
                type="radio"
                name="map-position"
                value="zip"
                checked={choice === 'zip'}
                onChange={() => setChoice('zip')}
                className="mt-0.5 h-4 w-4 accent-brand-700"
              />
              <span>
                {MAP_TEXTS.atZipCentre}
                <span className="block text-xs text-muted">{MAP_TEXTS.atZipCentreHint}</span>
              </span>
            </label>
            <label className="flex cursor-pointer items-start gap-2 text-sm text-app">
              <input
                type="radio"
                name="map-position"
                value="pin"
                checked={choice === 'pin'}
                disabled={!zip}
                onChange={() => setChoice('pin')}
                className="mt-0.5 h-4 w-4 accent-brand-700"
              />
              <span>
                {MAP_TEXTS.ownPin}
                <span className="block text-xs text-muted">
                  {zip ? MAP_TEXTS.ownPinHint : MAP_TEXTS.pinNeedsZip}
                </span>
              </span>
            </label>
          </fieldset>
          {choice === 'pin' && profile.position && (
            <div className="space-y-2">
              <p id={ids.mapHint} className="text-sm text-muted">
                {MAP_TEXTS.pinMapHint}
              </p>
              <PinPickerPanel
                value={typedPin}
                start={profile.position}
                label={MAP_TEXTS.pinMapLabel}
                describedBy={ids.mapHint}
                onPick={handlePick}
              />
            </div>
          )}
          {choice === 'pin' && (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Latitude" hint="e.g. 30.267" error={error ?? undefined}>
                <Input
                  type="number"
                  inputMode="decimal"
                  step="any"
                  min={-90}
                  max={90}
                  value={latitude}
                  onChange={(e) => setLatitude(e.target.value)}
                />
              </Field>
              <Field label="Longitude" hint="e.g. -97.743">
                <Input
                  type="number"
                  inputMode="decimal"
                  step="any"
                  min={-180}
                  max={180}
                  value={longitude}
                  onChange={(e) => setLongitude(e.target.value)}
                />
              </Field>
            </div>
          )}
          {error && choice === 'zip' && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          )}
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save map position'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
