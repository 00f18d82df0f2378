import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The layering of docs/style.md ('Boundaries') is enforced by biome.json (noRestrictedImports per
 * folder). This proves the rules bite: one file per rule, each with the offending imports in
 * relative and alias form, is written in the folder the rule guards, linted once, and removed. A
 * clean file beside them proves the allowed imports stay allowed.
 */
const root = path.resolve(import.meta.dirname, '../..');
const biome = path.join(root, 'node_modules/.bin/biome');

interface Probe {
  file: string;
  /** Import specifiers; the ones the rule must flag, and the ones it must leave alone. */
  bad: string[];
  good?: string[];
  /** A phrase of the rule's message. */
  message: string;
}

const PROBES: Probe[] = [
  {
    file: 'src/domain/zz-boundary-probe.ts',
    bad: [
      'react',
      'node:fs',
      'zod-to-json-schema',
      '../server/lib/app-error',
      '#server/config',
      '#web/lib/cn',
    ],
    good: ['zod', './brand'],
    message: 'src/domain imports only zod',
  },
  {
    file: 'src/server/lib/zz-boundary-probe.ts',
    bad: ['../../web/lib/api-client', '#web/lib/api-client'],
    good: ['../../domain/brand', './app-error', 'fastify'],
    message: 'Server code never imports the web app',
  },
  {
    file: 'src/web/lib/zz-boundary-probe.ts',
    bad: ['../../server/lib/app-error', '#server/lib/app-error'],
    good: ['../../domain/brand', './cn', 'react'],
    message: 'Web code never imports the server',
  },
  {
    file: 'src/server/plugins/zz-boundary-probe.ts',
    bad: ['../modules/access/access.service', '#server/modules/auth/auth.service'],
    good: ['../lib/app-error', '../context'],
    message: 'Plugins are cross-cutting and do not import modules',
  },
  {
    file: 'src/server/modules/favorites/zz-boundary-probe.routes.ts',
    bad: ['./favorites.queries', '../profiles/profiles.queries', '#server/modules/profiles/profiles.queries'],
    good: ['./favorites.service', '../profiles/profiles.service'],
    message: "A module's queries are imported only by its own service",
  },
  {
    file: 'src/server/modules/favorites/zz-boundary-probe.service.ts',
    bad: ['../profiles/profiles.queries', '#server/modules/profiles/profiles.queries'],
    good: ['./favorites.queries', '../profiles/profiles.service', '../../lib/app-error'],
    message: "A service imports only its own module's queries",
  },
  {
    file: 'src/web/features/favorites/components/ZzBoundaryProbe.tsx',
    bad: [
      '../../auth/api/login',
      '../../auth',
      '../../../features/auth/api/login',
      '#web/features/auth/api/login',
    ],
    good: ['../api/get-favorites', './FavoriteHeart', '../../../lib/cn', '../../../components/ui/button'],
    message: 'A feature does not import another feature',
  },
  {
    file: 'src/web/components/layout/ZzBoundaryProbe.tsx',
    bad: [
      '../../features/auth/api/login',
      '#web/features/auth/api/login',
      '../../app/router',
      '#web/app/router',
    ],
    good: ['../ui/button', '../../lib/cn'],
    message: 'shared pieces: they do not import features or app',
  },
  {
    file: 'src/server/lib/zz-boundary-probe-test-helper.ts',
    bad: [
      '../test/factories',
      '#server/test/build-test-app',
      '../modules/search/search.test-fixture',
      '../app.api.test',
      '../../../e2e/fixtures',
    ],
    good: ['./unused-port'],
    message: 'Production code and scripts never import test helpers',
  },
  {
    file: 'scripts/zz-boundary-probe.ts',
    bad: ['../src/server/test/smtp-sink', '#server/test/factories'],
    good: ['../src/server/lib/unused-port', '../src/server/config'],
    message: 'Production code and scripts never import test helpers',
  },
];

function source(probe: Probe): string {
  const specifiers = [...probe.bad, ...(probe.good ?? [])];
  return `${specifiers.map((s, i) => `import * as m${i} from '${s}';`).join('\n')}\nexport const all = [${specifiers.map((_, i) => `m${i}`).join(', ')}];\n`;
}

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string; start: { line: number } };
}

afterAll(() => {
  for (const probe of PROBES) rmSync(path.join(root, probe.file), { force: true });
});

describe('the boundary lint rules (biome.json)', () => {
  it('flag every forbidden import, and only those, with the rule and its message', () => {
    let result: ReturnType<typeof spawnSync>;
    try {
      for (const probe of PROBES) writeFileSync(path.join(root, probe.file), source(probe));
      // One run for every probe: biome's start-up dominates, and the machine is shared.
      result = spawnSync(
        biome,
        ['lint', '--reporter=json', '--max-diagnostics=none', ...PROBES.map((p) => p.file)],
        {
          cwd: root,
          encoding: 'utf8',
        },
      );
    } finally {
      for (const probe of PROBES) rmSync(path.join(root, probe.file), { force: true });
    }
    expect(result.status, String(result.stderr)).not.toBe(0);
    const diagnostics = (JSON.parse(String(result.stdout)) as { diagnostics: Diagnostic[] }).diagnostics;
    for (const probe of PROBES) {
      const found = diagnostics.filter((d) => d.location.path === probe.file);
      expect(
        found.map((d) => ({ line: d.location.start.line, category: d.category })),
        probe.file,
      ).toEqual(probe.bad.map((_, i) => ({ line: i + 1, category: 'lint/style/noRestrictedImports' })));
      for (const d of found) expect(d.message, probe.file).toContain(probe.message);
    }
  }, 30_000);
});
