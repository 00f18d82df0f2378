import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A clone of this repository explains itself: code, docs and config point to files inside it
 * (docs/product.md §N, docs/style.md, an ADR), never to documents outside it or to tracker numbers
 * that a reader of the clone cannot open. Each pattern is built from pieces so that this file does
 * not match itself.
 */
const FORBIDDEN: readonly { name: string; pattern: RegExp }[] = [
  { name: 'tracker number', pattern: new RegExp(['\\biss', 'ue[\\s-]+\\d+'].join(''), 'i') },
  { name: 'outside folder', pattern: new RegExp(['\\.\\./sha', 'red/'].join('')) },
  // The same folder named without its `../` (the form above already names it).
  { name: 'outside notes', pattern: new RegExp(['(?<!\\.\\./)\\bsha', 'red/[A-Z]+\\.md\\b'].join('')) },
  // Upper-case only: docs/style.md is ours.
  {
    name: 'outside document',
    pattern: new RegExp(['\\b(?:SP', 'EC|DES', 'IGN|STY', 'LE)\\.md\\b'].join('')),
  },
];

/** What the rule covers: everything a reader of the clone reads, except vendored and generated files. */
const SCANNED = ['src/', 'scripts/', 'e2e/', 'docs/', 'biome.json', 'README.md', 'CONTRIBUTING.md'];

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');

/** The forbidden references in a text, as `line: name: excerpt`, in line order. */
function forbiddenReferences(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const { name, pattern } of FORBIDDEN) {
      const m = pattern.exec(line);
      if (m) found.push(`${i + 1}: ${name}: ${m[0]}`);
    }
  });
  return found;
}

function trackedFiles(): string[] {
  const out = execFileSync('git', ['ls-files', '-z', '--', ...SCANNED], { cwd: root, encoding: 'utf8' });
  return out.split('\0').filter(Boolean);
}

describe('references inside the repository', () => {
  it('flags each forbidden form (the matcher bites)', () => {
    const probe = [
      `see ${'Iss'}ue 21 item 4`,
      `(${'iss'}ue\t7)`,
      `#sitemap-${'iss'}ue-22-item-2`,
      `the ${['..', 'sha' + 'red', 'NOTES.md'].join('/')} file`,
      `hangs (${['sha' + 'red', 'NOTES.md'].join('/')}, docs/architecture.md)`,
      `per ${'SP'}EC.md §5`,
      `${'DES'}IGN.md's budget`,
      `the ${'STY'}LE.md guide`,
    ].join('\n');
    expect(forbiddenReferences(probe).map((f) => f.split(':')[0])).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
    ]);
    // What is allowed: in-repo docs, issue words without a number, ADR numbers.
    expect(
      forbiddenReferences(
        'docs/style.md "Boundaries"; docs/product.md §9; ADR 013; an open issue; reissued 3 times',
      ),
    ).toEqual([]);
  });

  it('finds no outside document or tracker number in the tracked files', () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(100);
    const offenders: string[] = [];
    for (const file of files) {
      const bytes = readFileSync(join(root, file));
      if (bytes.includes(0)) continue; // binary (images, fonts)
      for (const hit of forbiddenReferences(bytes.toString('utf8'))) offenders.push(`${file}:${hit}`);
    }
    expect(offenders, `replace each with the reason or an in-repo doc:\n${offenders.join('\n')}`).toEqual([]);
  });
});
