import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/lib/free-port.cjs';
import { stopChild } from '../../scripts/lib/processes.cjs';
import { REPO_ROOT } from '../src/config/app-config';
import { createAuction, eventually } from './support/auctions';
import { dashboardQueries } from './support/dashboard';
import { startTestApp, TEST_METRICS_TOKEN, TestApp } from './support/test-app';
import { createUser, TestUser } from './support/users';

/** Debian's `prometheus` package; .ci/run installs it. */
const PROMETHEUS = '/usr/bin/prometheus';

/** The one sample of an instant query's answer (Prometheus HTTP API). */
interface QueryAnswer {
  status: string;
  data: { resultType: string; result: { metric: Record<string, string>; value: [number, string] }[] };
}

/**
 * A real Prometheus scrapes the application's metrics port every second; the suite reads the
 * bids back through Prometheus's query API, as the Grafana dashboard does.
 */
describe('a real Prometheus scrapes /metrics', () => {
  let t: TestApp;
  let prometheus: ChildProcess | undefined;
  let prometheusUrl: string;
  let scratch: string;
  let seller: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let prometheusLog = '';

  beforeAll(async () => {
    if (!existsSync(PROMETHEUS)) {
      throw new Error(
        `${PROMETHEUS} is missing: this suite needs Debian's prometheus package, which .ci/run installs (apt-get install prometheus)`,
      );
    }
    const metricsPort = await freePort();
    t = await startTestApp({ METRICS_PORT: String(metricsPort) });
    seller = await createUser(t, { name: 'سامي البائع' });
    alice = await createUser(t, { name: 'أليس أحمد' });
    bob = await createUser(t, { name: 'باسم علي' });

    scratch = mkdtempSync(join(tmpdir(), 'mazad-prometheus-'));
    const config = join(scratch, 'prometheus.yml');
    // The token as the compose stack gives it: a file Prometheus sends as a bearer token. A job
    // without it shows the endpoint refusing a scrape that does not carry it.
    const tokenFile = join(scratch, 'metrics-token');
    writeFileSync(tokenFile, TEST_METRICS_TOKEN, { mode: 0o600 });
    writeFileSync(
      config,
      [
        'global:',
        '  scrape_interval: 1s',
        '  scrape_timeout: 1s',
        'scrape_configs:',
        '  - job_name: mazad',
        '    authorization:',
        `      credentials_file: ${tokenFile}`,
        '    static_configs:',
        `      - targets: ['127.0.0.1:${metricsPort}']`,
        '  - job_name: without-token',
        '    static_configs:',
        `      - targets: ['127.0.0.1:${metricsPort}']`,
        '',
      ].join('\n'),
    );
    const port = await freePort();
    prometheusUrl = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${config}`,
        `--storage.tsdb.path=${join(scratch, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    prometheus.stderr!.on(
      'data',
      (chunk: Buffer) => (prometheusLog = (prometheusLog + chunk.toString()).slice(-4_000)),
    );
    await eventually(async () => (await targetHealth('mazad'))?.health === 'up', 30_000, 250).catch((err: Error) => {
      throw new Error(`${err.message}: the target never came up. Prometheus said:\n${prometheusLog}`);
    });
  });

  afterAll(async () => {
    if (prometheus) await stopChild(prometheus);
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    await t?.close();
  });

  /** A job's scrape target: its health ("up", "down", "unknown") and last error, or undefined before Prometheus answers. */
  async function targetHealth(job: string): Promise<{ health: string; lastError: string } | undefined> {
    const answer = await fetch(`${prometheusUrl}/api/v1/targets`).catch(() => undefined);
    if (!answer?.ok) return undefined;
    const body = (await answer.json()) as {
      data: { activeTargets: { health: string; lastError: string; labels: { job: string } }[] };
    };
    return body.data.activeTargets.find((target) => target.labels.job === job);
  }

  /** The answer of an instant query; throws when Prometheus refuses it. */
  async function run(promql: string): Promise<QueryAnswer['data']['result']> {
    const answer = await fetch(`${prometheusUrl}/api/v1/query?query=${encodeURIComponent(promql)}`);
    const body = (await answer.json()) as QueryAnswer;
    if (body.status !== 'success') throw new Error(`${promql}: ${JSON.stringify(body)}`);
    return body.data.result;
  }

  /** The value of an instant query that answers one sample, or undefined while it has none. */
  async function query(promql: string): Promise<number | undefined> {
    const result = await run(promql);
    return result.length === 1 ? Number(result[0].value[1]) : undefined;
  }

  /** Waits until Prometheus has scraped `promql` to `expected`. */
  const scraped = (promql: string, expected: number) =>
    eventually(async () => (await query(promql)) === expected, 20_000, 250);

  it('holds the bids placed, accepted and refused by code, and their decision latency', async () => {
    const auction = await createAuction(t, seller, { startingPrice: 100 });
    const bid = (who: TestUser, amount: number) =>
      t.http().post(`/api/auctions/${auction.id}/bid`).set(who.auth).send({ amount });
    await bid(alice, 150).expect(200);
    await bid(bob, 200).expect(200);
    expect((await bid(alice, 200).expect(400)).body.code).toBe('BID_TOO_LOW');

    await scraped('sum(mazad_bids_total{outcome="accepted"})', 2);
    await scraped('sum(mazad_bids_total{outcome="refused",code="BID_TOO_LOW"})', 1);
    await scraped('sum(mazad_bid_decision_seconds_count{action="bid"})', 3);
    await scraped(
      'sum(mazad_http_request_duration_seconds_count{route="/api/auctions/:id/bid",method="POST",status="200"})',
      2,
    );
    // The dashboard's latency panels: a quantile over the scraped buckets is a number.
    const p95 = await query('histogram_quantile(0.95, sum by (le) (mazad_bid_decision_seconds_bucket))');
    expect(p95).toBeGreaterThan(0);
  });

  it('a scrape without the bearer token is refused (401): that target is down', async () => {
    const refused = await eventually(async () => {
      const target = await targetHealth('without-token');
      return target?.health === 'down' && target;
    });
    expect(refused.lastError).toMatch(/401/);
  });

  it('knows the instance by its roles, and its runtime metrics', async () => {
    await scraped('count(mazad_process_info{roles="api,gateway,worker"} == 1)', 1);
    expect(await query('count(nodejs_eventloop_lag_seconds)')).toBe(1);
    expect(await query('count(mazad_db_pool_connections)')).toBe(3);
  });

  it('runs every query of the Grafana dashboard, and the bid storm panels have data', async () => {
    // Grafana's variables as it would fill them: every instance, a rate window of a few scrapes.
    const asGrafana = (expr: string) => expr.replaceAll('$__rate_interval', '1m').replaceAll('$instance', '.*');
    const emptyPanels = async () => {
      const empty = new Set<string>();
      for (const { panel, expr } of dashboardQueries()) if ((await run(asGrafana(expr))).length === 0) empty.add(panel);
      return empty;
    };
    // Bids were placed above: once a rate has two scrapes to work with, the bid storm panels
    // show them. Queues, failures and socket traffic may have had nothing to show.
    const storm = ['Bids per second: accepted vs refused by code', 'Bid decision latency', 'HTTP p95 by route'];
    const empty = await eventually(async () => {
      const now = await emptyPanels();
      return storm.every((panel) => !now.has(panel)) && now;
    });
    expect([...empty]).not.toContain('Process CPU');
  });

  it("the compose stack's Prometheus configuration is valid (promtool), and sends the bearer token", () => {
    const config = join(REPO_ROOT, 'docker', 'observability', 'prometheus.yml');
    // --syntax-only: its token file exists only inside the Prometheus container (docker/compose.yml writes it there).
    expect(
      execFileSync('/usr/bin/promtool', ['check', 'config', '--syntax-only', config], { encoding: 'utf8' }),
    ).toContain('SUCCESS');
    expect(readFileSync(config, 'utf8')).toMatch(/authorization:\s+type: Bearer\s+credentials_file: \S+/);
  });
});
