/** Filled in by its feature work. */
export function NotificationsSection() {
  return null;
}
