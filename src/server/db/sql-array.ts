/**
 * A PostgreSQL array literal, quoted element by element. Passed as one text parameter and cast
 * (`${pgArray(ids)}::uuid[]`), so the same SQL works on node-postgres and PGlite (drizzle would
 * spread a JS array into a list of parameters). A null element is SQL NULL.
 */
export function pgArray(values: readonly (string | number | null)[]): string {
  return `{${values.map((v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, '\\$&')}"`)).join(',')}}`;
}
