import { type ClassValue, clsx } from 'clsx';

/** Joins class names. Components put overridable classes last; no merge library (it cost 8 KB gz). */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
