// The import graph of src/, scripts/ and e2e/ on RESOLVED files, the boundary rules of CONTRIBUTING.md
// "Boundaries" checked on it, and its cycles. Specifiers are resolved the way tsc resolves them (relative
// paths, the #domain/#server/#web aliases of package.json "imports", packages), so a rule holds however the
// import is spelled: `../x/../y/y.queries`, an alias, an extra `./`, a re-export or an `import()`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

const ROOTS = ['src', 'scripts', 'e2e'];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'migrations']);

export interface Edge {
  from: string;
  /** A project file (posix, relative to the root), or `pkg:<name>` for a package or Node built-in. */
  to: string;
  specifier: string;
  line: number;
  /** `import type`/`export type`: erased at run time, so it makes no run-time cycle. */
  typeOnly: boolean;
}

export interface Graph {
  files: string[];
  edges: Edge[];
  /** Specifiers that resolve to nothing (a typo, or a deleted file). */
  unresolved: Edge[];
}

export interface Violation {
  rule: string;
  from: string;
  line: number;
  specifier: string;
  to: string;
  message: string;
}

function listFiles(root: string, dir: string, out: string[]): void {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(path.join(root, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) listFiles(root, rel, out);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
  }
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolvePackageJsonImports: true,
  resolveJsonModule: true,
  allowJs: true,
  jsx: ts.JsxEmit.ReactJSX,
};

function packageName(specifier: string): string {
  const bare = specifier.replace(/^node:/, '');
  if (builtinModules.includes(bare.split('/')[0]!)) return `node:${bare.split('/')[0]}`;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Every import, re-export, `import()`, `require()` and `vi.mock()`/`vi.importActual()` specifier of a file. */
function specifiersOf(file: string, text: string): { specifier: string; line: number; typeOnly: boolean }[] {
  const kind = file.endsWith('x')
    ? ts.ScriptKind.TSX
    : file.endsWith('.ts')
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: { specifier: string; line: number; typeOnly: boolean }[] = [];
  const add = (node: ts.Node, literal: ts.Expression | undefined, typeOnly: boolean) => {
    if (literal && ts.isStringLiteralLike(literal)) {
      found.push({
        specifier: literal.text,
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        typeOnly,
      });
    }
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node, node.moduleSpecifier, typeOnly);
    } else if (ts.isExportDeclaration(node)) {
      add(node, node.moduleSpecifier, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal, true);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name =
        callee.kind === ts.SyntaxKind.ImportKeyword
          ? 'import'
          : ts.isIdentifier(callee)
            ? callee.text
            : ts.isPropertyAccessExpression(callee)
              ? callee.getText(source)
              : '';
      if (['import', 'require', 'vi.mock', 'vi.doMock', 'vi.importActual'].includes(name)) {
        add(node, node.arguments[0], false);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The graph of every source file under src/, scripts/ and e2e/, or of the `only` files (probes). */
export function buildGraph(root: string, only?: string[]): Graph {
  const files: string[] = [];
  if (only) files.push(...only);
  else for (const dir of ROOTS) listFiles(root, dir, files);
  files.sort();
  const host = ts.sys;
  const cache = ts.createModuleResolutionCache(root, (f) => f, COMPILER_OPTIONS);
  const edges: Edge[] = [];
  const unresolved: Edge[] = [];
  for (const file of files) {
    const absolute = path.join(root, file);
    const text = readFileSync(absolute, 'utf8');
    for (const { specifier, line, typeOnly } of specifiersOf(file, text)) {
      const resolved = ts.resolveModuleName(
        specifier,
        absolute,
        COMPILER_OPTIONS,
        host,
        cache,
      ).resolvedModule;
      let to: string;
      if (
        !resolved &&
        /^\.\.?\//.test(specifier) &&
        !SOURCE.test(specifier) &&
        /\.[a-z0-9]+$/i.test(specifier)
      ) {
        // A style sheet or another asset the bundler takes: a file of its own, not a module tsc resolves.
        const asset = path.join(path.dirname(absolute), specifier);
        if (existsSync(asset)) {
          edges.push({
            from: file,
            to: path.relative(root, asset).split(path.sep).join('/'),
            specifier,
            line,
            typeOnly,
          });
          continue;
        }
      }
      if (
        resolved &&
        !resolved.isExternalLibraryImport &&
        !resolved.resolvedFileName.includes('/node_modules/')
      ) {
        to = path.relative(root, resolved.resolvedFileName).split(path.sep).join('/');
      } else if (resolved || (!specifier.startsWith('.') && !specifier.startsWith('#'))) {
        to = `pkg:${packageName(specifier)}`;
      } else {
        unresolved.push({ from: file, to: '', specifier, line, typeOnly });
        continue;
      }
      edges.push({ from: file, to, specifier, line, typeOnly });
    }
  }
  return { files, edges, unresolved };
}

// ---------------------------------------------------------------------------------------------------------
// Classification

/** Tests, their helpers and fixtures, browser journeys, fault drills: they may import test helpers. */
export function isTestCode(file: string): boolean {
  return (
    /\.(test|spec)\.(ts|tsx|mts|mjs)$/.test(file) ||
    /\.test-fixture\.ts$/.test(file) ||
    /(^|\/)test-images\.ts$/.test(file) ||
    /^src\/(server|web)\/test\//.test(file) ||
    /(^|\/)fuzz\//.test(file) ||
    file.startsWith('e2e/') ||
    file.startsWith('scripts/faults/')
  );
}

/** The part of the code a file belongs to, for the rules and the module graph. */
export function unitOf(file: string): string {
  if (file.startsWith('pkg:')) return file;
  let m = /^src\/server\/modules\/([^/]+)\//.exec(file);
  if (m) return `server/modules/${m[1]}`;
  m = /^src\/server\/([^/]+)\//.exec(file);
  if (m) return `server/${m[1]}`;
  m = /^src\/server\/([^/]+)\.[a-z]+$/.exec(file);
  if (m) return `server/${m[1]}`;
  m = /^src\/web\/features\/([^/]+)\//.exec(file);
  if (m) return `web/features/${m[1]}`;
  m = /^src\/(web|domain)\/([^/]+)\//.exec(file);
  if (m) return m[1] === 'domain' ? 'domain' : `web/${m[2]}`;
  if (file.startsWith('src/domain/')) return 'domain';
  m = /^src\/web\/([^/]+)$/.exec(file);
  if (m) return 'web/root';
  m = /^(scripts|e2e)\//.exec(file);
  if (m) return m[1]!;
  return 'root';
}

function moduleOf(file: string): string | undefined {
  return /^src\/server\/modules\/([^/]+)\//.exec(file)?.[1];
}

function featureOf(file: string): string | undefined {
  return /^src\/web\/features\/([^/]+)\//.exec(file)?.[1];
}

const isServer = (f: string) => f.startsWith('src/server/');
const isWeb = (f: string) => f.startsWith('src/web/');
const isDomain = (f: string) => f.startsWith('src/domain/');
const isService = (f: string) => /\.service\.ts$/.test(f);
const isQueries = (f: string) => /\.queries\.ts$/.test(f);
const isRoutes = (f: string) => /\.routes\.ts$/.test(f);

// ---------------------------------------------------------------------------------------------------------
// Rules

interface Rule {
  name: string;
  message: string;
  /** True when the edge breaks the rule. */
  breaks(from: string, to: string): boolean;
}

/** The layers below the modules: they are imported by modules, never the other way round. */
const BELOW_MODULES = /^src\/server\/(lib|db|mail|storage|context\.ts|config\.ts|plugins)\b/;

export const RULES: Rule[] = [
  {
    name: 'domain-only-zod',
    message: 'src/domain imports only zod and other domain files (a test also vitest).',
    breaks: (from, to) =>
      isDomain(from) && !isDomain(to) && to !== 'pkg:zod' && !(isTestCode(from) && to === 'pkg:vitest'),
  },
  {
    name: 'server-not-web',
    message: 'Server code never imports the web app: share it through src/domain.',
    breaks: (from, to) => isServer(from) && isWeb(to),
  },
  {
    name: 'web-not-server',
    message: 'Web code never imports the server: share it through src/domain.',
    breaks: (from, to) => isWeb(from) && isServer(to),
  },
  {
    name: 'no-test-helpers',
    message: 'Production code and scripts never import test helpers.',
    breaks: (from, to) => !isTestCode(from) && !to.startsWith('pkg:') && isTestCode(to),
  },
  {
    name: 'lib-is-a-leaf',
    message:
      'src/server/lib imports neither plugins, context, modules nor app: move what it needs down into lib, or pass it in.',
    breaks: (from, to) =>
      from.startsWith('src/server/lib/') &&
      !isTestCode(from) &&
      /^src\/server\/(plugins\/|modules\/|context\.ts$|app\.ts$|main\.ts$)/.test(to),
  },
  {
    name: 'no-reaching-up',
    message:
      'Plugins, context, config, db, mail and storage import no module (nor app): src/server/app.ts passes them what they need.',
    breaks: (from, to) =>
      BELOW_MODULES.test(from) &&
      !from.startsWith('src/server/lib/') &&
      !isTestCode(from) &&
      /^src\/server\/(modules\/|app\.ts$|main\.ts$)/.test(to),
  },
  {
    name: 'context-below-plugins',
    message:
      'context.ts, config, db, mail and storage import no plugin: plugins build on them, not the reverse.',
    breaks: (from, to) =>
      /^src\/server\/(context\.ts|config\.ts|db\/|mail\/|storage\/)/.test(from) &&
      !isTestCode(from) &&
      to.startsWith('src/server/plugins/'),
  },
  {
    name: 'queries-only-from-own-service',
    message: "A module's queries are imported only by its own service: call that module's service.",
    breaks: (from, to) =>
      isQueries(to) &&
      !isTestCode(from) &&
      // The benchmarks time the statements themselves.
      !from.startsWith('scripts/bench/') &&
      !(isService(from) && path.posix.dirname(from) === path.posix.dirname(to)) &&
      !(isQueries(from) && path.posix.dirname(from) === path.posix.dirname(to)),
  },
  {
    name: 'other-module-only-through-service',
    message:
      "Another module is reached only through its *.service.ts (not its helpers, routes or queries): move shared helpers to src/server/lib, or expose them through that module's service.",
    breaks: (from, to) => {
      const a = moduleOf(from);
      const b = moduleOf(to);
      return !isTestCode(from) && a !== undefined && b !== undefined && a !== b && !isService(to);
    },
  },
  {
    name: 'routes-from-app-only',
    message: "A module's routes are registered by src/server/app.ts only: call the service instead.",
    breaks: (from, to) =>
      isRoutes(to) && !isTestCode(from) && from !== 'src/server/app.ts' && moduleOf(from) !== moduleOf(to),
  },
  {
    name: 'layers-point-down',
    message:
      'routes → service → queries → db: a service imports no routes, queries import no service or routes.',
    breaks: (from, to) =>
      !isTestCode(from) &&
      ((isService(from) && isRoutes(to)) || (isQueries(from) && (isService(to) || isRoutes(to)))),
  },
  {
    name: 'web-shared-pieces',
    message: 'src/web/components and src/web/lib are shared pieces: they import no feature and not app.',
    breaks: (from, to) =>
      /^src\/web\/(components|lib)\//.test(from) && /^src\/web\/(features|app)\//.test(to),
  },
  {
    name: 'feature-not-app',
    message: 'A feature does not import src/web/app: the app composes features.',
    breaks: (from, to) => from.startsWith('src/web/features/') && to.startsWith('src/web/app/'),
  },
  {
    name: 'feature-not-feature',
    message:
      'A feature does not import another feature: move shared pieces to src/web/lib or src/web/components, compose features in src/web/app.',
    breaks: (from, to) => {
      const a = featureOf(from);
      const b = featureOf(to);
      return a !== undefined && b !== undefined && a !== b;
    },
  },
];

export function violations(graph: Graph): Violation[] {
  const out: Violation[] = [];
  for (const edge of graph.edges) {
    for (const rule of RULES) {
      if (rule.breaks(edge.from, edge.to)) {
        out.push({
          rule: rule.name,
          from: edge.from,
          line: edge.line,
          specifier: edge.specifier,
          to: edge.to,
          message: rule.message,
        });
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Cycles

/** Strongly connected components with more than one node (or a node importing itself), Tarjan's algorithm. */
export function cycles(nodes: string[], next: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const strong = (v: string): void => {
    indices.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!indices.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || next.get(v)?.has(v)) found.push(component.sort());
    }
  };
  for (const v of nodes) if (!indices.has(v)) strong(v);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** File-level import cycles among project files, counting type-only imports too (`runtimeOnly` skips them). */
export function fileCycles(graph: Graph, runtimeOnly = false): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of graph.edges) {
    if (e.to.startsWith('pkg:') || (runtimeOnly && e.typeOnly)) continue;
    if (!next.has(e.from)) next.set(e.from, new Set());
    next.get(e.from)!.add(e.to);
  }
  return cycles(graph.files, next);
}

/** Unit → unit edges with the number of imports behind each (tests left out: they may import anything). */
export function unitEdges(graph: Graph): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const e of graph.edges) {
    if (e.to.startsWith('pkg:') || isTestCode(e.from)) continue;
    const a = unitOf(e.from);
    const b = unitOf(e.to);
    if (a === b) continue;
    if (!out.has(a)) out.set(a, new Map());
    out.get(a)!.set(b, (out.get(a)!.get(b) ?? 0) + 1);
  }
  return out;
}

/** A readable report: unit → unit edges with counts, unit-level and file-level cycles, rule violations. */
export function report(graph: Graph): string {
  const lines: string[] = [];
  const units = unitEdges(graph);
  lines.push('# Import graph between units (production code; tests left out)', '');
  for (const a of [...units.keys()].sort()) {
    const targets = [...units.get(a)!.entries()].sort(([x], [y]) => x.localeCompare(y));
    lines.push(`${a} → ${targets.map(([b, n]) => `${b} (${n})`).join(', ')}`);
  }
  const unitNext = new Map([...units].map(([a, m]) => [a, new Set(m.keys())]));
  const unitCycles = cycles([...units.keys()].sort(), unitNext);
  lines.push('', `# Cycles between units (${unitCycles.length})`, '');
  for (const c of unitCycles) lines.push(`- ${c.join(' ⇄ ')}`);
  const all = fileCycles(graph);
  const runtime = fileCycles(graph, true);
  lines.push('', `# File-level import cycles, type-only imports included (${all.length})`, '');
  for (const c of all) lines.push(`- ${c.join(' ⇄ ')}`);
  lines.push(
    '',
    `# File-level import cycles at run time, type-only imports left out (${runtime.length})`,
    '',
  );
  for (const c of runtime) lines.push(`- ${c.join(' ⇄ ')}`);
  const broken = violations(graph);
  lines.push('', `# Boundary rule violations (${broken.length})`, '');
  for (const v of broken) lines.push(`- [${v.rule}] ${v.from}:${v.line} '${v.specifier}' → ${v.to}`);
  if (graph.unresolved.length) {
    lines.push('', `# Unresolved imports (${graph.unresolved.length})`, '');
    for (const u of graph.unresolved) lines.push(`- ${u.from}:${u.line} '${u.specifier}'`);
  }
  return `${lines.join('\n')}\n`;
}
