import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildGraph, fileCycles, violations } from '../../scripts/boundaries/import-graph.ts';

/**
 * The layering of docs/style.md ('Boundaries') is enforced twice: by biome.json (noRestrictedImports per
 * folder), which matches import strings and so speaks up in the editor, and by scripts/boundaries (the
 * second half of `npm run lint`), which checks the resolved files, so no spelling gets round it. The
 * first block proves the biome rules bite: one file per rule, each with the offending imports in
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
      // One run for every probe: biome's start-up dominates, and the machine is shared. Only the rule under
      // test: noImportCycles would have biome scan the whole project first (seconds).
      result = spawnSync(
        biome,
        [
          'lint',
          '--only=style/noRestrictedImports',
          '--reporter=json',
          '--max-diagnostics=none',
          ...PROBES.map((p) => p.file),
        ],
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

/**
 * The resolved check (scripts/boundaries/import-graph.ts): each probe file is written where the rule
 * guards, its imports resolved like tsc resolves them, and every way round a string-matching rule
 * must still be caught: another module's helper file (relative or aliased), lib reaching up,
 * plugins or context reaching into modules, a path that climbs out and back in, and a cycle.
 */
interface ResolvedProbe {
  file: string;
  bad: string[];
  good?: string[];
  /** The rule every bad import breaks. */
  rule: string;
}

const RESOLVED_PROBES: ResolvedProbe[] = [
  {
    // (a) and (b): another module's non-service file, relative and through the alias.
    file: 'src/server/modules/favorites/zz-resolved-probe.service.ts',
    bad: [
      '../insights/bots',
      '#server/modules/insights/bots.ts',
      '../uploads/images.ts',
      '../search/search.routes',
      '../../modules/insights/insight-token',
    ],
    good: ['./favorites.queries', '../profiles/profiles.service', '#server/modules/auth/auth.service.ts'],
    rule: 'other-module-only-through-service',
  },
  {
    // (e): out of the module and back in at another depth, to another module's queries.
    file: 'src/server/modules/favorites/zz-resolved-probe.routes.ts',
    bad: [
      './../profiles/profiles.queries',
      '../../modules/search/../profiles/profiles.queries',
      '../favorites/../profiles/profiles.queries.ts',
      './/favorites.queries',
    ],
    good: ['./favorites.service', '../favorites/../profiles/profiles.service'],
    rule: 'queries-only-from-own-service',
  },
  {
    // (c): lib imports neither plugins, context, modules nor app, however spelled.
    file: 'src/server/lib/zz-resolved-probe.ts',
    bad: [
      '../plugins/errors',
      '#server/plugins/public-cache.ts',
      '../context',
      '#server/context.ts',
      './../lib/../context.ts',
      '../modules/auth/auth.service',
      '../app',
    ],
    good: ['./app-error', '../db/client', '#domain/brand.ts', 'fastify'],
    rule: 'lib-is-a-leaf',
  },
  {
    // (d): plugins (and context, db, mail, storage) never reach up into modules.
    file: 'src/server/plugins/zz-resolved-probe.ts',
    bad: [
      '../modules/access/access.service',
      '#server/modules/auth/auth.service.ts',
      './../modules/seo/seo.service',
    ],
    good: ['../lib/app-error', '../context', './errors'],
    rule: 'no-reaching-up',
  },
  {
    file: 'src/server/db/zz-resolved-probe.ts',
    bad: ['../modules/access/access.service', '../plugins/../modules/auth/auth.service.ts'],
    good: ['./client', '../config'],
    rule: 'no-reaching-up',
  },
  {
    file: 'src/web/features/favorites/components/ZzResolvedProbe.tsx',
    bad: ['../../auth/api/login', '#web/features/auth/api/login.ts', '../../favorites/../auth/api/login'],
    good: ['../api/get-favorite-ids', '../../../lib/cn', '#web/lib/cn.ts'],
    rule: 'feature-not-feature',
  },
  {
    file: 'src/server/lib/zz-resolved-probe-test-helper.ts',
    bad: ['../test/factories', '#server/test/build-test-app.ts', '../app.api.test'],
    good: ['./unused-port'],
    rule: 'no-test-helpers',
  },
];

/** (f): two probe files that import each other. */
const CYCLE = ['src/server/lib/zz-resolved-probe-cycle-a.ts', 'src/server/lib/zz-resolved-probe-cycle-b.ts'];

function resolvedSource(specifiers: string[]): string {
  return `${specifiers.map((s, i) => `import * as m${i} from '${s}';`).join('\n')}\nexport const all = [${specifiers.map((_, i) => `m${i}`).join(', ')}];\n`;
}

function removeResolvedProbes() {
  for (const file of [...RESOLVED_PROBES.map((p) => p.file), ...CYCLE])
    rmSync(path.join(root, file), { force: true });
}

afterAll(removeResolvedProbes);

describe('the boundary check on resolved imports (scripts/boundaries)', () => {
  it('flags every way round a rule on the resolved file, and leaves the allowed imports alone', () => {
    let graph: ReturnType<typeof buildGraph>;
    try {
      for (const probe of RESOLVED_PROBES) {
        writeFileSync(path.join(root, probe.file), resolvedSource([...probe.bad, ...(probe.good ?? [])]));
      }
      writeFileSync(
        path.join(root, CYCLE[0]!),
        "import { b } from './zz-resolved-probe-cycle-b';\nexport const a = () => b;\n",
      );
      writeFileSync(
        path.join(root, CYCLE[1]!),
        "import { a } from './zz-resolved-probe-cycle-a.ts';\nexport const b = () => a;\n",
      );
      graph = buildGraph(root, [...RESOLVED_PROBES.map((p) => p.file), ...CYCLE]);
    } finally {
      removeResolvedProbes();
    }
    expect(graph.unresolved).toEqual([]);
    const broken = violations(graph);
    for (const probe of RESOLVED_PROBES) {
      const found = broken.filter((v) => v.from === probe.file);
      // Each bad import breaks the probe's rule (a service importing routes breaks others too)...
      expect(
        found.filter((v) => v.rule === probe.rule).map((v) => v.line),
        probe.file,
      ).toEqual(probe.bad.map((_, i) => i + 1));
      // ...and the allowed imports, on the lines after them, break none.
      expect(
        found.filter((v) => v.line > probe.bad.length),
        probe.file,
      ).toEqual([]);
    }
    expect(broken.filter((v) => CYCLE.includes(v.from))).toEqual([]);
    expect(fileCycles(graph)).toEqual([CYCLE]);
  }, 30_000);

  it('checks files no probe can be written as: context.ts reaching into a module or a plugin', () => {
    const edge = (to: string) => ({
      from: 'src/server/context.ts',
      to,
      specifier: to,
      line: 1,
      typeOnly: true,
    });
    const graph = {
      files: ['src/server/context.ts'],
      edges: [edge('src/server/modules/auth/auth.service.ts'), edge('src/server/plugins/public-cache.ts')],
      unresolved: [],
    };
    expect(violations(graph).map((v) => v.rule)).toEqual(['no-reaching-up', 'context-below-plugins']);
  });
});
