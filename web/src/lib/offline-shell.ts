/**
 * The service worker's pure parts (web/sw/sw.ts), and the marker the page looks for
 * (network-status.ts). Tested in offline-shell.test.ts.
 */

/** The precached document answered to a navigation when the network fails. */
export const OFFLINE_SHELL_URL = '/index.html';

/**
 * The `<meta>` the offline shell carries, so the page knows it was started without the server
 * (network-status.ts: the offline notice).
 */
export const OFFLINE_SHELL_META = '<meta name="mazad-offline-shell" content="1">';

/** Paths that are never the web app's pages: the server's own (sharing cards at /share) and the console's. */
export const SERVER_PATHS = /^\/(api|uploads|share|socket\.io|admin)(\/|$)/;

/** Uploaded images (the server's /uploads/<name>): the only answers kept at run time. */
export const UPLOADED_IMAGES = /^\/uploads\/[^/]+\.(webp|jpe?g|png|gif|avif)$/i;

/**
 * The stored shell with the marker before `</head>`. Status and headers stay the stored ones:
 * the CSP they carry was sent with this very document, so it allows exactly its inline script
 * (the marker is no script). The body is re-read as text, so a stored `Content-Encoding` or
 * `Content-Length` (which describe the bytes on the wire) is dropped.
 */
export async function markOfflineShell(shell: Response): Promise<Response> {
  const html = await shell.text();
  const headers = new Headers(shell.headers);
  headers.delete('Content-Encoding');
  headers.delete('Content-Length');
  return new Response(html.replace('</head>', `${OFFLINE_SHELL_META}</head>`), {
    status: shell.status,
    statusText: shell.statusText,
    headers,
  });
}

/** Classic `<script>`s without `src`: their text is what a CSP hash names. */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

async function sha256Source(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

/**
 * Whether a document's Content-Security-Policy lets every inline script of the document run:
 * the worker stores the offline shell only when it does. The server takes the hashes from the
 * index.html it serves (server/src/infrastructure/static/inline-scripts.ts); a rebuild in the
 * moment of the download could pair a new file with the former policy, and such a shell, kept
 * until the next build, would start with its theme script refused.
 */
export async function allowsItsInlineScripts(html: string, csp: string | null): Promise<boolean> {
  if (!csp) return true; // no policy, nothing refused
  const scriptSrc = csp
    .split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'script-src');
  if (!scriptSrc) return true;
  const allowed = new Set(scriptSrc.slice(1));
  const hashes = await Promise.all([...html.matchAll(INLINE_SCRIPT)].map((match) => sha256Source(match[1])));
  return hashes.every((hash) => allowed.has(hash));
}
