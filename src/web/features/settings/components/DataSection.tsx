/** Filled in by its feature work. */
export function DataSection() {
  return null;
}
