/** Filled in by its feature work. */
export function PasskeysSection() {
  return null;
}
