/** Filled in by its feature work. */
export function EmailSection() {
  return null;
}
