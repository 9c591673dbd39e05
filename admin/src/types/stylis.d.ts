// stylis 4 ships no type declarations; the console only needs its prefixer middleware, typed
// as Emotion's plugin type so it can sit in an Emotion cache next to the RTL plugin.
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';
  export type Middleware = StylisPlugin;
  export const prefixer: Middleware;
}
