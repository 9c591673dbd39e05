/** Folders the end-to-end run works with. */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIR = resolve(E2E_DIR, '..');
export const ROOT_DIR = resolve(WEB_DIR, '..');
export const ARTIFACTS_DIR = join(E2E_DIR, 'artifacts');
export const SERVER_MAIN = join(ROOT_DIR, 'server', 'dist', 'main.js');
export const WEB_DIST = join(WEB_DIR, 'dist');
export const ADMIN_DIST = join(ROOT_DIR, 'admin', 'dist');
