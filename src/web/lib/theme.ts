import { useSyncExternalStore } from 'react';

export type ThemePreference = 'light' | 'dark' | 'system';

export const THEME_STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

export function readThemePreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function resolveTheme(pref: ThemePreference, systemDark: boolean): 'light' | 'dark' {
  return pref === 'system' ? (systemDark ? 'dark' : 'light') : pref;
}

/** The `dark` class, and the choice as lib/boot.ts writes it (the toggle's pressed look, index.css). */
function applyTheme(pref: ThemePreference) {
  const classes = document.documentElement.classList;
  classes.toggle('dark', resolveTheme(pref, matchMedia(DARK_QUERY).matches) === 'dark');
  classes.toggle('theme-light', pref === 'light');
  classes.toggle('theme-dark', pref === 'dark');
}

/** Stores the visitor's choice and applies it at once; 'system' forgets any stored choice. */
export function setThemePreference(pref: ThemePreference): void {
  try {
    if (pref === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, pref);
  } catch {
    /* storage blocked: the choice lasts for this page view */
    memoryPreference = pref;
  }
  applyTheme(pref);
  for (const listener of listeners) listener();
}

let memoryPreference: ThemePreference | null = null;

function currentPreference(): ThemePreference {
  return memoryPreference ?? readThemePreference();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const media = matchMedia(DARK_QUERY);
  // While following the system, a change of the OS theme applies immediately.
  const onSystemChange = () => {
    if (currentPreference() === 'system') applyTheme('system');
    listener();
  };
  media.addEventListener('change', onSystemChange);
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', onSystemChange);
  };
}

/**
 * The stored preference; null during prerender and hydration, when it cannot be known (the markup
 * must match the prerendered page, which claims no choice).
 */
export function useThemePreference(): ThemePreference | null {
  return useSyncExternalStore(subscribe, currentPreference, () => null);
}

function resolvedSnapshot(): 'light' | 'dark' {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** The theme in effect (the `dark` class on <html>); 'light' during prerender and hydration. */
export function useResolvedTheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribe, resolvedSnapshot, () => 'light');
}
