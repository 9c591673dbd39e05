/**
 * docker/compose.yml passes every server variable through: each name the server reads
 * (server/src/config/env.schema.ts) reaches the api, gateway and worker containers from
 * docker/.env or the environment (`NAME: ${NAME…}`), unless the image fixes it (docker/Dockerfile
 * ENV) or compose derives it from its own services. A variable added to the schema and forgotten
 * here used to be dropped silently (CONTACT_*, REDIS_PREFIX, DEPLOYMENT_KIND, TELEGRAM_API_URL).
 * Also: each role service runs its role only, and every compose-only variable is listed in
 * .env.example's "docker/compose.yml only" block.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { parse } from 'yaml';
import { imageEnvironment, schemaVariables } from '../lib/server-environment.mjs';

const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

const ROLE_SERVICES = ['api', 'gateway', 'worker'];

/** Set by the image to what the compose file's volumes and nginx expect: not for docker/.env. */
const FIXED_BY_IMAGE = ['PORT', 'UPLOAD_DIR', 'MAIL_OUTBOX_DIR', 'WEB_DIST_DIR', 'ADMIN_DIST_DIR'];
/** Addresses of the compose file's own postgres and redis services (built from POSTGRES_PASSWORD). */
const DERIVED_BY_COMPOSE = ['DATABASE_URL', 'REDIS_URL'];
/** One value per service: its role. */
const PER_SERVICE = ['MAZAD_ROLES'];

const composeText = read('docker/compose.yml');
const compose = parse(composeText, { merge: true });
const variables = schemaVariables();

test('the schema is read: its first and last variables are found', () => {
  assert.ok(variables.includes('PORT') && variables.includes('ADMIN_DIST_DIR'), variables.join(', '));
  assert.ok(variables.length > 30, `only ${variables.length} variables found`);
});

for (const service of ROLE_SERVICES) {
  test(`compose service ${service} receives every server variable`, () => {
    const environment = compose.services[service]?.environment;
    assert.ok(environment, `no service ${service} with an environment in docker/compose.yml`);
    const expected = variables.filter((name) => !FIXED_BY_IMAGE.includes(name));
    const missing = expected.filter((name) => !(name in environment));
    assert.deepEqual(missing, [], `docker/compose.yml does not pass these to ${service}`);
    const notFromEnvironment = expected.filter(
      (name) =>
        ![...DERIVED_BY_COMPOSE, ...PER_SERVICE].includes(name) && !String(environment[name]).startsWith(`\${${name}`),
    );
    assert.deepEqual(notFromEnvironment, [], `not \${NAME…} (docker/.env cannot set them) in ${service}`);
    assert.equal(environment.MAZAD_ROLES, service);
  });
}

test('what the image fixes is set by its ENV, and compose leaves it alone', () => {
  const image = imageEnvironment();
  assert.deepEqual(
    FIXED_BY_IMAGE.filter((name) => !image.includes(name)),
    [],
    'not set by docker/Dockerfile',
  );
  for (const service of ROLE_SERVICES) {
    const overridden = FIXED_BY_IMAGE.filter((name) => name in compose.services[service].environment);
    assert.deepEqual(overridden, [], `${service} overrides the image's`);
  }
});

test(".env.example lists every compose-only variable in its 'docker/compose.yml only' block", () => {
  const example = read('.env.example');
  const start = example.indexOf('docker/compose.yml only');
  const block = example.slice(start, example.indexOf('\n# ──', start));
  const composeOnly = [...new Set([...composeText.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]))].filter(
    (name) => !variables.includes(name),
  );
  assert.ok(composeOnly.includes('HTTP_PORT'), composeOnly.join(', '));
  const unlisted = composeOnly.filter((name) => !new RegExp(`^# ${name}=`, 'm').test(block));
  assert.deepEqual(unlisted, [], 'compose-only variables missing from .env.example');
});
