// `npm run lint` step: the boundary rules and "no import cycles" on the resolved import graph
// (scripts/boundaries/import-graph.ts). `--report` prints the unit graph, its cycles and any breaks instead.
import path from 'node:path';
import { buildGraph, fileCycles, report, violations } from './import-graph.ts';

const root = path.resolve(import.meta.dirname, '../..');
const graph = buildGraph(root);

if (process.argv.includes('--report')) {
  process.stdout.write(report(graph));
} else {
  const broken = violations(graph);
  const loops = fileCycles(graph);
  for (const v of broken)
    console.error(`${v.from}:${v.line} imports '${v.specifier}' (${v.to}): ${v.message}`);
  for (const loop of loops) console.error(`Import cycle: ${loop.join(' ⇄ ')}. No cycles anywhere: break it.`);
  for (const u of graph.unresolved)
    console.error(`${u.from}:${u.line} imports '${u.specifier}', which resolves to no file.`);
  const problems = broken.length + loops.length + graph.unresolved.length;
  console.log(
    `boundaries: ${graph.files.length} files, ${graph.edges.length} imports, ${problems} problem${problems === 1 ? '' : 's'}`,
  );
  if (problems > 0) process.exitCode = 1;
}
