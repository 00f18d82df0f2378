import { SEARCH_TEXTS } from '#domain/search-options.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { getNearestZip } from './api/get-nearest-zip';

/**
 * 'Use my location' (loaded when the button is pressed, so it costs the first load nothing): asks
 * the browser for the position once, then the server for the nearest zip. Never throws: the
 * outcome is a zip or the sentence to show beside the zip box.
 */

export type LocateOutcome = { zip: string; place: string } | { message: string };

/** The browser's permission error code (GeolocationPositionError.PERMISSION_DENIED). */
const PERMISSION_DENIED = 1;

function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      // A zip does not need GPS precision; a position from the last ten minutes will do.
      enableHighAccuracy: false,
      maximumAge: 10 * 60_000,
      timeout: 15_000,
    }),
  );
}

export async function locateZip(): Promise<LocateOutcome> {
  if (!('geolocation' in navigator)) return { message: SEARCH_TEXTS.locationUnavailable };
  let position: GeolocationPosition;
  try {
    position = await currentPosition();
  } catch (error) {
    const denied = (error as GeolocationPositionError | undefined)?.code === PERMISSION_DENIED;
    return { message: denied ? SEARCH_TEXTS.locationDenied : SEARCH_TEXTS.locationUnavailable };
  }
  try {
    const reply = await getNearestZip(position.coords.latitude, position.coords.longitude);
    return { zip: reply.zip, place: reply.place };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return { message: error.message || SEARCH_TEXTS.noZipNearby };
    }
    return { message: SEARCH_TEXTS.locationUnavailable };
  }
}
