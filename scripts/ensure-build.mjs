// `npm start` builds the web app when it has not been built yet (a fresh clone).
import { existsSync } from 'node:fs';
import { buildWeb } from './build-web.mjs';

if (!existsSync('dist/web/index.html') || !existsSync('dist/ssr/entry-server.js')) {
  console.log('Building the web app (first start)...');
  if (!buildWeb()) process.exit(1);
}
