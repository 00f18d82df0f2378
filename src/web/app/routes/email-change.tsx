/** /email-change?token=…(&undo=1): filled in by the email change work. */
export function EmailChangePage() {
  return null;
}
