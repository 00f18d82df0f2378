// The benchmark's figures (docs/search.md 'Metrics'). `returned` is the result list in rank order
// (every page); `grades` maps a provider slug to its judged grade (2 exact, 1 acceptable); a slug
// not in it is not relevant.

export type Grades = Readonly<Record<string, number>>;

/** Results looked at by precision and nDCG. */
export const CUTOFF = 10;

const isRelevant = (grades: Grades, slug: string) => (grades[slug] ?? 0) >= 1;
const relevantCount = (grades: Grades) => Object.values(grades).filter((g) => g >= 1).length;

/**
 * Relevant among the first min(10, returned) results, over min(10, returned). With no result: 1 if
 * nothing is relevant either (an empty answer was right), else 0.
 */
export function precisionAtK(returned: readonly string[], grades: Grades, k = CUTOFF): number {
  const top = returned.slice(0, k);
  if (top.length === 0) return relevantCount(grades) === 0 ? 1 : 0;
  return top.filter((slug) => isRelevant(grades, slug)).length / top.length;
}

/** Relevant returned anywhere in the list, over relevant judged; 1 when nothing is judged relevant. */
export function recall(returned: readonly string[], grades: Grades): number {
  const wanted = relevantCount(grades);
  if (wanted === 0) return 1;
  return new Set(returned.filter((slug) => isRelevant(grades, slug))).size / wanted;
}

const gain = (grade: number) => 2 ** grade - 1;
const discount = (rank: number) => 1 / Math.log2(rank + 2);

/**
 * DCG of the first k results (gain 2^grade - 1, discount 1 / log2(rank + 1), rank from 1) over the
 * DCG of the ideal order of the judged grades. With nothing judged relevant: 1 if nothing came back,
 * else 0 (as precision).
 */
export function ndcgAtK(returned: readonly string[], grades: Grades, k = CUTOFF): number {
  const ideal = Object.values(grades)
    .filter((g) => g >= 1)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, g, i) => sum + gain(g) * discount(i), 0);
  if (ideal === 0) return returned.length === 0 ? 1 : 0;
  const actual = returned
    .slice(0, k)
    .reduce((sum, slug, i) => sum + gain(grades[slug] ?? 0) * discount(i), 0);
  return actual / ideal;
}

export const mean = (values: readonly number[]) =>
  values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
