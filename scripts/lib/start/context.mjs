/** What every step of npm start shares: folders, messages, the error that ends the start. */
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** Generated secrets, fallback services' data and logs. MAZAD_DATA_DIR (a testing aid) moves it. */
export const DATA = process.env.MAZAD_DATA_DIR ? resolve(ROOT, process.env.MAZAD_DATA_DIR) : join(ROOT, '.data');

/** A failure with a message for the user (no stack trace). */
export class StartError extends Error {}

export const say = (message) => console.log(`[start] ${message}`);
export const warn = (message) => console.warn(`[start] warning: ${message}`);
export const fail = (message) => {
  throw new StartError(message);
};

/** Resolves packages as the server does (use only after the dependencies are installed). */
export const serverRequire = createRequire(join(ROOT, 'server', 'package.json'));
/** The port the server listens on: PORT, else 3000. */
export const startPort = () => Number(process.env.PORT || 3000);
/** Set and not empty. */
export const given = (name) => process.env[name] !== undefined && process.env[name] !== '';
/** A URL fit for printing: the password replaced by ***. */
export const redact = (url) => url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
