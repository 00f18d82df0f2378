// @ts-expect-error: a plain ES module of scripts/, without types
import { buildWeb } from '../scripts/build-web.mjs';

/** Builds the web app (browser and server rendering) once, so the journeys run against what `npm start` serves. */
export default function globalSetup() {
  if (!buildWeb()) throw new Error('vite build failed');
}
