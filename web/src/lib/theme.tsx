/**
 * Light and dark themes. The choice is kept in localStorage under
 * `darkMode` as "true"/"false"; without a saved choice the system preference decides.
 * index.html applies the saved theme before the first paint.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { storage, storageKeys } from './storage';

interface ThemeContextValue {
  dark: boolean;
  toggle: () => void;
  setDark: (dark: boolean) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

export function readDarkPreference(): boolean {
  const saved = storage.get(storageKeys.darkMode);
  if (saved === 'true') return true;
  if (saved === 'false') return false;
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [dark, setDarkState] = useState(readDarkPreference);

  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [dark]);

  const setDark = useCallback((value: boolean) => {
    storage.set(storageKeys.darkMode, String(value));
    setDarkState(value);
  }, []);

  const value = useMemo(() => ({ dark, setDark, toggle: () => setDark(!dark) }), [dark, setDark]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside ThemeProvider');
  return value;
}
