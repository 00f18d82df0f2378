/** Filled in by its feature work. */
export function SecuritySection() {
  return null;
}
