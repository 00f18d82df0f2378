/** A header link's classes: the current page's link in the brand colour. */
export const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium hover:bg-muted ${isActive ? 'text-brand-700 dark:text-brand-300' : 'text-app'}`;
