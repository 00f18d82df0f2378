import { useSyncExternalStore } from 'react';
import { createListeners } from './listeners';

export type Theme = 'dark' | 'light';
export const THEME_KEY = 'glowfind.theme';

const { subscribe, emit } = createListeners();

export function getTheme(): Theme {
  try {
    return localStorage.getItem(THEME_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

/** Dark by default; the choice is kept in localStorage (public/theme-init.js applies it before paint). */
export function setTheme(theme: Theme): void {
  localStorage.setItem(THEME_KEY, theme);
  document.documentElement.classList.toggle('dark', theme === 'dark');
  emit();
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getTheme, () => 'dark');
}
