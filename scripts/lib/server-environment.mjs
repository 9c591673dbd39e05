/**
 * Where the server's environment comes from, read from the sources of truth, for the tests that
 * check a deployment (docker/compose.yml, deploy/kubernetes/) passes every variable:
 * the variables the server reads, and those the production image sets itself.
 */
import { readFileSync } from 'node:fs';

const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** The fields of env.schema.ts's EnvironmentVariables class: `  NAME = …`, `  NAME?: …`, `  NAME!: …`. */
export function schemaVariables() {
  const source = read('server/src/config/env.schema.ts');
  const body = source.slice(source.indexOf('export class EnvironmentVariables'));
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*)[!?]?\s*[:=]/gm)].map((match) => match[1]);
}

/** The names the Dockerfile's last stage (the runtime image) sets with ENV. */
export function imageEnvironment() {
  const runtime = read('docker/Dockerfile')
    .split(/^FROM /m)
    .pop();
  const env = runtime.match(/^ENV ((?:.*\\\n)*.*)$/m)?.[1] ?? '';
  return [...env.matchAll(/([A-Z][A-Z0-9_]*)=/g)].map((match) => match[1]);
}
