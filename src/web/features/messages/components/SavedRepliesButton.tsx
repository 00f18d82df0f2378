/** The inbox's 'Saved replies' button (providers): opens a dialog to add, edit and delete them. (Being built.) */
export function SavedRepliesButton() {
  return null;
}
