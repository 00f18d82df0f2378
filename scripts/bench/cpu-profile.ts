// `node --import tsx scripts/bench/cpu-profile.ts FILE.cpuprofile [--top 25] [--per N]`
//
// Where a server's CPU time went, from a V8 CPU profile (`npm run bench -- --cpu-prof DIR`): self
// time summed per package or source folder (node_modules/<package>, src/server/<module>, node
// internals, garbage collection, idle), then the functions with the most self time. With --per N
// (the requests the profile served) it also prints microseconds per request, the unit
// docs/performance.md uses for 'where each millisecond goes'.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, per: { type: 'string' } },
});
const file = positionals[0];
if (!file) throw new Error('usage: cpu-profile.ts FILE.cpuprofile [--top 25] [--per REQUESTS]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
const perRequest = args.per ? Number(args.per) : null;

/** The bucket a frame's self time counts to: its package, its source folder, or what V8 calls it. */
function bucketOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return 'V8 and native code';
    return `native: ${functionName || '(anonymous)'}`;
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `node_modules/${pkg[1]}`;
  if (url.startsWith('node:')) return 'node internals';
  const src = /\/src\/(server\/(?:modules|lib|plugins|db)\/[^/]+|server|domain|web)\//.exec(url);
  if (src) return `src/${src[1]}`;
  return url.replace(/^file:\/\/.*\/(scripts|src)\//, '$1/');
}

const selfMicros = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i]!;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const byBucket = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id) ?? 0;
  if (!micros) continue;
  total += micros;
  const bucket = bucketOf(node.callFrame);
  byBucket.set(bucket, (byBucket.get(bucket) ?? 0) + micros);
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url
    ? `${url.replace(/^file:\/\/.*?\/(node_modules|src|scripts)\//, '$1/')}:${lineNumber + 1}`
    : '';
  const key = `${functionName || '(anonymous)'} ${where}`.trim();
  byFunction.set(key, (byFunction.get(key) ?? 0) + micros);
}

const busy = total - (byBucket.get('idle') ?? 0);
const row = (name: string, micros: number) => {
  const share = `${((micros / busy) * 100).toFixed(1)}%`.padStart(6);
  const ms = `${(micros / 1000).toFixed(0)} ms`.padStart(9);
  const per = perRequest ? `${(micros / perRequest).toFixed(1)} µs/req`.padStart(14) : '';
  return `${share} ${ms}${per}  ${name}`;
};
console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s sampled, ${(busy / 1e6).toFixed(1)} s busy (shares are of busy time)${perRequest ? `; ${perRequest} requests` : ''}\n`,
);
console.log('By package or folder (self time):');
for (const [name, micros] of [...byBucket].filter(([n]) => n !== 'idle').sort((a, b) => b[1] - a[1]))
  if (micros / busy >= 0.005) console.log(row(name, micros));
console.log(`\nTop ${args.top} functions (self time):`);
for (const [name, micros] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top)))
  console.log(row(name, micros));
