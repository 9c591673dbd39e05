/**
 * deploy/kubernetes/ (the manifests and docs/runbook.md's Kubernetes procedures) holds together:
 * - every manifest parses as kubectl reads it (YAML 1.1, where a bare `on` is a boolean), is
 *   valid against the Kubernetes API schemas (kubernetes-models: types, enums, required fields)
 *   and has no field the API does not know (a round trip through @kubernetes/client-node's
 *   typed models drops unknown fields, which kubectl's strict field validation refuses);
 * - the references between them hold (Services and PDBs select a Deployment's pods, the Ingress
 *   names existing Services and ports, HPAs target existing Deployments, probes hit the health
 *   routes on the server's port);
 * - every server variable (server/src/config/env.schema.ts) is in the ConfigMap or the Secret;
 * - no pod mounts a service-account token, and NetworkPolicies select every pod: the metrics port
 *   is reachable from Prometheus's namespace only, the public port from ingress-nginx only (api
 *   and gateway; nothing for the worker), egress to DNS and the outside services' ports only.
 * Nothing is fetched: the schemas ship inside the npm packages.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';
import { dumpYaml, loadYaml } from '@kubernetes/client-node';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, PersistentVolumeClaim, Secret, Service } from 'kubernetes-models/v1';
import { parse, parseAllDocuments, stringify } from 'yaml';
import { imageEnvironment, schemaVariables } from '../lib/server-environment.mjs';

const DIR = new URL('../../deploy/kubernetes/', import.meta.url);
const KUSTOMIZATION = 'kustomization.yaml';
/** The Secret's keys, for the operator to fill: not applied by the kustomization. */
const SECRET_EXAMPLE = 'secret.example.yaml';

/** The kinds the manifests may use, each with its schema-validating model. */
const MODELS = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

/** One role per Deployment (MAZAD_ROLES), under these names. */
const ROLES = { api: 'mazad-api', gateway: 'mazad-gateway', worker: 'mazad-worker' };

/** Who may reach the pods (networkpolicy.yaml): Prometheus's namespace and pods, ingress-nginx's. */
const PROMETHEUS = { namespace: 'monitoring', pods: { 'app.kubernetes.io/name': 'prometheus' } };
const INGRESS_NGINX = { namespace: 'ingress-nginx', pods: { 'app.kubernetes.io/name': 'ingress-nginx' } };

/** The image's `node` user (docker/Dockerfile; uid 1000 in the official and the local base). */
const NODE_UID = 1000;

/** Server variables deliberately in neither the ConfigMap nor the Secret, and why. */
const NOT_IN_CONFIG = {
  MAZAD_ROLES: 'set by each Deployment',
  DEMO_PASSWORD: 'demo data only (SEED_DEMO=false in production)',
  ...Object.fromEntries(['WEB_DIST_DIR', 'ADMIN_DIST_DIR'].map((name) => [name, 'set by the image'])),
};

/** The objects of one YAML text, read as kubectl reads it (YAML 1.1). */
function parseManifest(text, file) {
  return parseAllDocuments(text, { version: '1.1' }).map((doc) => {
    assert.deepEqual(doc.errors, [], `${file}: YAML errors`);
    return doc.toJS();
  });
}

function loadManifests() {
  const files = readdirSync(DIR).filter((name) => /\.ya?ml$/.test(name));
  return files.flatMap((file) =>
    parseManifest(readFileSync(new URL(file, DIR), 'utf8'), file).map((object) => ({ file, object })),
  );
}

/** Schema errors of one object, or [] (kubernetes-models' validate() throws them). */
function schemaErrors(object) {
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (!Model) return [`${object.apiVersion} ${object.kind}: no model here; add it to MODELS`];
  try {
    new Model(object).validate();
    return [];
  } catch (err) {
    return [err.message];
  }
}

/** Paths of `original` that `kept` lacks. */
function missingPaths(original, kept, path) {
  if (kept === undefined) return [path];
  if (original === null || typeof original !== 'object') return [];
  return Object.keys(original).flatMap((key) => missingPaths(original[key], kept?.[key], `${path}.${key}`));
}

/** Fields the Kubernetes API does not know: what a round trip through the typed models drops. */
function unknownFields(object) {
  const typed = loadYaml(stringify(object));
  return missingPaths(object, parse(dumpYaml(typed)), object.kind);
}

const manifests = loadManifests();
const applied = manifests.filter(({ file }) => file !== KUSTOMIZATION && file !== SECRET_EXAMPLE);
const objects = applied.map(({ object }) => object);
const ofKind = (kind) => objects.filter((o) => o.kind === kind);
const named = (kind, name) => ofKind(kind).find((o) => o.metadata.name === name);
const selects = (selector, labels) =>
  Object.keys(selector ?? {}).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);
const podsOf = (selector) => ofKind('Deployment').filter((d) => selects(selector, d.spec.template.metadata.labels));
const serverOf = (deployment) => deployment.spec.template.spec.containers.find((c) => c.name === 'server');
const config = ofKind('ConfigMap')[0]?.data ?? {};
const secret = manifests.find(({ file }) => file === SECRET_EXAMPLE)?.object;
const seconds = (duration) => {
  const [, n, unit] = /^(\d+)([smh])$/.exec(duration);
  return Number(n) * { s: 1, m: 60, h: 3600 }[unit];
};

test('the manifests are found and kustomization.yaml applies each of them but the secret example', () => {
  const [kustomization] = manifests.filter(({ file }) => file === KUSTOMIZATION).map(({ object }) => object);
  assert.ok(kustomization, `no ${KUSTOMIZATION}`);
  const files = [...new Set(applied.map(({ file }) => file))].sort();
  assert.deepEqual([...kustomization.resources].sort(), files);
  assert.ok(secret, `no ${SECRET_EXAMPLE}`);
  assert.ok(ofKind('Deployment').length === 3 && ofKind('ConfigMap').length === 1, 'three Deployments, one ConfigMap');
});

test('every object is valid against the Kubernetes schemas', () => {
  const errors = manifests
    .filter(({ file }) => file !== KUSTOMIZATION)
    .flatMap(({ file, object }) => schemaErrors(object).map((e) => `${file} ${object.kind}: ${e}`));
  assert.deepEqual(errors, []);
});

test('no object has a field the Kubernetes API does not know', () => {
  const unknown = manifests
    .filter(({ file }) => file !== KUSTOMIZATION)
    .flatMap(({ file, object }) => unknownFields(object).map((path) => `${file}: ${path}`));
  assert.deepEqual(unknown, []);
});

test('the checks catch a misspelt field, a wrong type and a bare YAML 1.1 boolean', () => {
  const deployment = structuredClone(named('Deployment', ROLES.api));
  const server = serverOf(deployment);
  server.readinesProbe = server.readinessProbe;
  delete server.readinessProbe;
  assert.deepEqual(unknownFields(deployment), ['Deployment.spec.template.spec.containers.0.readinesProbe']);
  assert.notDeepEqual(schemaErrors({ ...deployment, spec: { ...deployment.spec, replicas: 'two' } }), []);
  const [map] = parseManifest('apiVersion: v1\nkind: ConfigMap\nmetadata: {name: x}\ndata: {RATE_LIMITS: on}\n', 'x');
  assert.notDeepEqual(schemaErrors(map), []);
});

test('one Deployment per role, each running only its role', () => {
  for (const [role, name] of Object.entries(ROLES)) {
    const deployment = named('Deployment', name);
    assert.ok(deployment, `no Deployment ${name}`);
    assert.deepEqual(serverOf(deployment).env, [{ name: 'MAZAD_ROLES', value: role }], name);
    assert.ok(
      selects(deployment.spec.selector.matchLabels, deployment.spec.template.metadata.labels),
      `${name}: its selector does not match its pods`,
    );
  }
  assert.equal(ofKind('Deployment').length, Object.keys(ROLES).length);
});

test('each Deployment: the image as non-root, probes on the health routes, metrics, resources', () => {
  for (const deployment of ofKind('Deployment')) {
    const name = deployment.metadata.name;
    const pod = deployment.spec.template;
    const server = serverOf(deployment);
    assert.equal(server.image, 'mazad-server', `${name}: the image kustomization.yaml pins`);
    assert.deepEqual(
      [pod.spec.securityContext.runAsNonRoot, pod.spec.securityContext.runAsUser],
      [true, NODE_UID],
      `${name}: non-root, as the image's node user`,
    );
    assert.deepEqual(
      [server.securityContext.readOnlyRootFilesystem, server.securityContext.allowPrivilegeEscalation],
      [true, false],
      name,
    );
    const port = (portName) => server.ports.find((p) => p.name === portName)?.containerPort;
    assert.equal(String(port('http')), config.PORT, `${name}: port http is the ConfigMap's PORT`);
    assert.equal(String(port('metrics')), config.METRICS_PORT, `${name}: port metrics is METRICS_PORT`);
    assert.equal(pod.metadata.annotations['prometheus.io/port'], config.METRICS_PORT, name);
    assert.equal(pod.metadata.annotations['prometheus.io/scrape'], 'true', name);
    const probe = (p) => [p?.httpGet?.path, p?.httpGet?.port];
    assert.deepEqual(probe(server.livenessProbe), ['/api/health/live', 'http'], `${name}: liveness`);
    assert.deepEqual(probe(server.readinessProbe), ['/api/health/ready', 'http'], `${name}: readiness`);
    assert.deepEqual(probe(server.startupProbe), ['/api/health/live', 'http'], `${name}: start-up (migrations)`);
    for (const kind of ['requests', 'limits']) {
      assert.ok(server.resources?.[kind]?.cpu && server.resources[kind].memory, `${name}: resources.${kind}`);
    }
    assert.deepEqual(
      server.envFrom,
      [{ configMapRef: { name: ofKind('ConfigMap')[0].metadata.name } }, { secretRef: { name: secret.metadata.name } }],
      `${name}: the ConfigMap and the Secret`,
    );
  }
});

test('a stopping pod drains within its grace: preStop pause (when a Service sends it traffic) + SHUTDOWN_GRACE < terminationGracePeriodSeconds', () => {
  const served = new Set(ofKind('Service').flatMap((s) => podsOf(s.spec.selector).map((d) => d.metadata.name)));
  for (const deployment of ofKind('Deployment')) {
    const name = deployment.metadata.name;
    const preStop = serverOf(deployment).lifecycle?.preStop?.exec?.command;
    if (served.has(name)) assert.equal(preStop?.[0], 'sleep', `${name}: a preStop pause before SIGTERM`);
    const pause = preStop ? Number(preStop[1]) : 0;
    assert.ok(
      pause + seconds(config.SHUTDOWN_GRACE) < deployment.spec.template.spec.terminationGracePeriodSeconds,
      `${name}: terminationGracePeriodSeconds too short for ${pause} s + SHUTDOWN_GRACE`,
    );
  }
});

test('the uploads volume is the ReadWriteMany claim, mounted at UPLOAD_DIR by the api and the worker', () => {
  for (const name of [ROLES.api, ROLES.worker]) {
    const deployment = named('Deployment', name);
    const volume = deployment.spec.template.spec.volumes.find((v) => v.persistentVolumeClaim);
    const claim = named('PersistentVolumeClaim', volume?.persistentVolumeClaim.claimName);
    assert.ok(claim, `${name}: no existing claim mounted`);
    assert.deepEqual(claim.spec.accessModes, ['ReadWriteMany']);
    const mount = serverOf(deployment).volumeMounts.find((m) => m.name === volume.name);
    assert.equal(mount.mountPath, config.UPLOAD_DIR, name);
  }
  // Every path the server writes is a volume, since the root filesystem is read-only.
  for (const deployment of ofKind('Deployment')) {
    const mounted = serverOf(deployment).volumeMounts.map((m) => m.mountPath);
    assert.ok(mounted.includes('/tmp'), `${deployment.metadata.name}: /tmp`);
  }
});

test('each Service selects the pods of one Deployment, on a port they have', () => {
  assert.deepEqual(
    ofKind('Service')
      .map((s) => s.metadata.name)
      .sort(),
    [ROLES.api, ROLES.gateway],
  );
  for (const service of ofKind('Service')) {
    const pods = podsOf(service.spec.selector);
    assert.deepEqual(
      pods.map((d) => d.metadata.name),
      [service.metadata.name],
      `${service.metadata.name} selects`,
    );
    const ports = serverOf(pods[0]).ports.map((p) => p.name);
    for (const port of service.spec.ports) assert.ok(ports.includes(port.targetPort), `targetPort ${port.targetPort}`);
    assert.ok(!service.spec.ports.some((p) => p.targetPort === 'metrics'), 'metrics stay off the Services');
  }
});

test('the Ingress sends /socket.io/ to the gateways and the rest to the api, through existing Services and ports', () => {
  const [ingress] = ofKind('Ingress');
  const paths = ingress.spec.rules.flatMap((rule) => rule.http.paths);
  for (const { backend } of paths) {
    const service = named('Service', backend.service.name);
    assert.ok(service, `no Service ${backend.service.name}`);
    assert.ok(
      service.spec.ports.some((p) => p.name === backend.service.port.name),
      backend.service.port.name,
    );
  }
  const route = (path) => paths.find((p) => p.path === path)?.backend.service.name;
  assert.equal(route('/socket.io/'), ROLES.gateway);
  assert.equal(route('/'), ROLES.api);
  assert.ok(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'], 'WebSocket timeout');
});

test('the HPAs scale existing Deployments (api and gateway) and every Deployment has a PDB', () => {
  const scaled = ofKind('HorizontalPodAutoscaler').map((hpa) => {
    const { kind, name } = hpa.spec.scaleTargetRef;
    assert.ok(kind === 'Deployment' && named('Deployment', name), `${hpa.metadata.name}: no Deployment ${name}`);
    return name;
  });
  assert.deepEqual(scaled.sort(), [ROLES.api, ROLES.gateway]);
  const guarded = ofKind('PodDisruptionBudget').flatMap((pdb) => {
    const pods = podsOf(pdb.spec.selector.matchLabels);
    assert.equal(pods.length, 1, `${pdb.metadata.name} selects one Deployment`);
    return pods.map((d) => d.metadata.name);
  });
  assert.deepEqual(guarded.sort(), Object.values(ROLES).sort());
});

test('every server variable is in the ConfigMap or the Secret, in only one, and nothing else is', () => {
  const variables = schemaVariables();
  assert.ok(variables.includes('PORT') && variables.length > 30, `schema read: ${variables.join(', ')}`);
  const secretKeys = Object.keys(secret.stringData);
  const configKeys = Object.keys(config);
  const missing = variables.filter((v) => !(v in NOT_IN_CONFIG) && !configKeys.includes(v) && !secretKeys.includes(v));
  assert.deepEqual(missing, [], 'add them to deploy/kubernetes/configmap.yaml or secret.example.yaml');
  assert.deepEqual(
    configKeys.filter((k) => secretKeys.includes(k)),
    [],
    'in both',
  );
  assert.deepEqual(
    [...configKeys, ...secretKeys].filter((k) => !variables.includes(k)),
    [],
    'not server variables',
  );
  const fromImage = imageEnvironment();
  for (const name of Object.keys(NOT_IN_CONFIG).filter((n) => NOT_IN_CONFIG[n] === 'set by the image')) {
    assert.ok(fromImage.includes(name), `${name} is not set by docker/Dockerfile`);
  }
});

test('the secret example holds no value, and the Deployments read the Secret it describes', () => {
  assert.deepEqual(
    Object.entries(secret.stringData).filter(([, value]) => value !== ''),
    [],
    'secret.example.yaml must keep every value empty',
  );
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'JWT_PREVIOUS_SECRET', 'METRICS_TOKEN']) {
    assert.ok(key in secret.stringData, `${key} belongs in the Secret`);
  }
});

/** Whether a label selector (matchLabels and matchExpressions) selects these labels; {} selects all. */
function selectorMatches(selector, labels = {}) {
  const { matchLabels = {}, matchExpressions = [] } = selector ?? {};
  return (
    Object.entries(matchLabels).every(([k, v]) => labels[k] === v) &&
    matchExpressions.every(({ key, operator, values = [] }) => {
      if (operator === 'In') return values.includes(labels[key]);
      if (operator === 'NotIn') return !values.includes(labels[key]);
      if (operator === 'Exists') return key in labels;
      if (operator === 'DoesNotExist') return !(key in labels);
      throw new Error(`selector operator ${operator}`);
    })
  );
}

/** The NetworkPolicies selecting a Deployment's pods that restrict `type` (Ingress or Egress). */
const policiesOf = (deployment, type) =>
  ofKind('NetworkPolicy').filter(
    (p) =>
      p.spec.policyTypes.includes(type) &&
      selectorMatches(p.spec.podSelector, deployment.spec.template.metadata.labels),
  );

/** The ingress rules letting a container port (by name or number) into a Deployment's pods. */
function rulesReaching(deployment, portName) {
  const number = serverOf(deployment).ports.find((p) => p.name === portName)?.containerPort;
  return policiesOf(deployment, 'Ingress')
    .flatMap((p) => p.spec.ingress ?? [])
    .filter((rule) => !rule.ports || rule.ports.some((p) => p.port === portName || p.port === number));
}

/** A `from` peer is exactly these pods in exactly this namespace (by its name label). */
const isPeer = (peer, { namespace, pods }) =>
  !peer.ipBlock &&
  JSON.stringify(peer.namespaceSelector ?? null) ===
    JSON.stringify({ matchLabels: { 'kubernetes.io/metadata.name': namespace } }) &&
  JSON.stringify(peer.podSelector ?? null) === JSON.stringify({ matchLabels: pods });

test('no pod mounts a service-account token', () => {
  for (const deployment of ofKind('Deployment')) {
    assert.equal(
      deployment.spec.template.spec.automountServiceAccountToken,
      false,
      `${deployment.metadata.name}: automountServiceAccountToken: false`,
    );
  }
});

test('NetworkPolicies: every pod is restricted both ways; each ingress rule names its peers and ports, which the pods have', () => {
  assert.ok(ofKind('NetworkPolicy').length > 0, 'no NetworkPolicy');
  for (const deployment of ofKind('Deployment')) {
    const name = deployment.metadata.name;
    for (const type of ['Ingress', 'Egress'])
      assert.ok(policiesOf(deployment, type).length, `${name}: no ${type} policy`);
    const portNames = serverOf(deployment).ports.map((p) => p.name);
    for (const rule of policiesOf(deployment, 'Ingress').flatMap((p) => p.spec.ingress ?? [])) {
      assert.ok(rule.from?.length, `${name}: an ingress rule from anywhere`);
      assert.ok(rule.ports?.length, `${name}: an ingress rule to every port`);
      for (const { port } of rule.ports)
        assert.ok(portNames.includes(port), `${name}: port ${port} is not a named port`);
    }
  }
});

test('NetworkPolicies: the metrics port only from Prometheus, the public port only from ingress-nginx and only on the api and gateways', () => {
  for (const deployment of ofKind('Deployment')) {
    const name = deployment.metadata.name;
    const metrics = rulesReaching(deployment, 'metrics');
    assert.ok(metrics.length, `${name}: Prometheus cannot scrape`);
    for (const rule of metrics) {
      assert.ok(
        rule.from.every((peer) => isPeer(peer, PROMETHEUS)),
        `${name}: metrics from ${JSON.stringify(rule.from)}`,
      );
    }
    const http = rulesReaching(deployment, 'http');
    if (name === ROLES.worker) {
      assert.deepEqual(http, [], 'the worker has no Service: nothing reaches its http port');
      continue;
    }
    assert.ok(http.length, `${name}: ingress-nginx cannot reach it`);
    for (const rule of http) {
      assert.ok(
        rule.from.every((peer) => isPeer(peer, INGRESS_NGINX)),
        `${name}: http from ${JSON.stringify(rule.from)}`,
      );
    }
  }
});

test('NetworkPolicies: egress to DNS and the outside services, never to link-local addresses (cloud metadata)', () => {
  for (const deployment of ofKind('Deployment')) {
    const name = deployment.metadata.name;
    const rules = policiesOf(deployment, 'Egress').flatMap((p) => p.spec.egress ?? []);
    const allowed = (port) => rules.some((rule) => !rule.ports || rule.ports.some((p) => p.port === port));
    for (const port of [53, 5432, 6379, 443]) assert.ok(allowed(port), `${name}: no egress to port ${port}`);
    for (const rule of rules) {
      assert.ok(rule.ports?.length, `${name}: an egress rule to every port`);
      assert.ok(rule.to?.length, `${name}: an egress rule to anywhere`);
      for (const { ipBlock } of rule.to.filter((peer) => peer.ipBlock)) {
        if (ipBlock.cidr === '0.0.0.0/0')
          assert.ok(ipBlock.except?.includes('169.254.0.0/16'), `${name}: ${ipBlock.cidr}`);
        if (ipBlock.cidr === '::/0') assert.ok(ipBlock.except?.includes('fe80::/10'), `${name}: ${ipBlock.cidr}`);
      }
    }
  }
});

test('the NetworkPolicy checks catch a metrics port open to everyone, and read matchExpressions', () => {
  const open = structuredClone(named('NetworkPolicy', 'mazad-metrics-from-prometheus'));
  open.spec.ingress[0].from.push({ namespaceSelector: {} });
  assert.ok(!open.spec.ingress[0].from.every((peer) => isPeer(peer, PROMETHEUS)));
  const api = named('Deployment', ROLES.api);
  assert.ok(selectorMatches(open.spec.podSelector, api.spec.template.metadata.labels));
  assert.ok(
    !selectorMatches(
      { matchExpressions: [{ key: 'app.kubernetes.io/component', operator: 'In', values: ['api'] }] },
      named('Deployment', ROLES.worker).spec.template.metadata.labels,
    ),
  );
});
