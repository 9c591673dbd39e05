/**
 * Right-to-left MUI theme for the console: direction 'rtl' in the theme, and an Emotion cache
 * whose stylis pipeline flips left/right styles (@mui/stylis-plugin-rtl). index.html sets
 * dir="rtl" on <html>, so dialogs and other portals inherit it.
 */
import createCache from '@emotion/cache';
import { createTheme } from '@mui/material/styles';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { prefixer } from 'stylis';

const fontFamily = "'Noto Kufi Arabic', Tahoma, 'Segoe UI', system-ui, sans-serif";

export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  direction: 'rtl',
  typography: { ...(defaultLightTheme.typography as object), fontFamily },
};

export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  direction: 'rtl',
  typography: { ...(defaultDarkTheme.typography as object), fontFamily },
};

/** The resolved MUI theme (what react-admin builds from `lightTheme`). */
export const theme = createTheme(lightTheme);

export function createRtlCache() {
  return createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
}
