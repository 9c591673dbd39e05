/**
 * zod for every form and parser of the web app: import `z` from here, never from 'zod'.
 *
 * zod 4 probes `new Function` to compile faster parsers; the server's Content-Security-Policy
 * forbids eval, and the probe alone is reported as a CSP issue. The interpreted parser is fast
 * enough for forms. Only the screens that validate import this module, so zod stays out of the
 * first bundle.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
