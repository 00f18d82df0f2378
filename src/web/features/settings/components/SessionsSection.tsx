/** Filled in by its feature work. */
export function SessionsSection() {
  return null;
}
