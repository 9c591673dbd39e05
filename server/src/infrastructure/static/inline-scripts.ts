import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { perBuild } from './per-build';

/** A classic `<script>` without `src`: its text is what the browser hashes. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The CSP source that allows exactly this script text. */
const scriptHashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The Content-Security-Policy `script-src` sources for the web app's own inline scripts (the
 * theme script of web/index.html, which must run before the first paint and so cannot wait for
 * a file): one hash per inline script of the index.html the server sends, taken from that file,
 * so policy and page always match. Nothing else inline may run. '' without a web build.
 */
export function inlineScriptSources(webDir: string): () => string {
  return perBuild(webDir, (built) =>
    built
      ? [...readFileSync(join(webDir, 'index.html'), 'utf8').matchAll(INLINE_SCRIPT)]
          .map((match) => scriptHashSource(match[1]))
          .join(' ')
      : '',
  );
}
