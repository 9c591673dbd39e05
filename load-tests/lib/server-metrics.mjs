/**
 * The servers' own figures beside a run's: scrapes each server's `/metrics` (Prometheus text
 * format, served on METRICS_PORT) when the run starts, every second while it lasts and when it
 * ends, and sums what happened in between (docs/performance.md, "Server metrics"). Counters and
 * histograms are read as Prometheus' `increase()` reads them: a value lower than the previous one
 * is a restarted process counting from zero (the chaos run kills replicas). Gauges are kept at
 * their highest over the scrapes after the first. A family the server does not export (yet) is null, printed "n/a".
 */

/** `\\`, `\"` and `\n` inside a label value. */
const unescapeLabel = (text) => text.replace(/\\(["\\n])/g, (_, c) => (c === 'n' ? '\n' : c));

/** One sample line's labels `{a="x",b="y"}` (from just after the `{`): `[labels, index after '}']`. */
function readLabels(line, from) {
  const labels = {};
  let i = from;
  for (;;) {
    while (line[i] === ' ' || line[i] === ',') i += 1;
    if (line[i] === '}') return [labels, i + 1];
    const eq = line.indexOf('=', i);
    if (eq < 0 || line[eq + 1] !== '"') throw new Error(`bad labels: ${line}`);
    const name = line.slice(i, eq).trim();
    let end = eq + 2;
    while (end < line.length && line[end] !== '"') end += line[end] === '\\' ? 2 : 1;
    if (end >= line.length) throw new Error(`unterminated label value: ${line}`);
    labels[name] = unescapeLabel(line.slice(eq + 2, end));
    i = end + 1;
  }
}

/**
 * The Prometheus text exposition format (version 0.0.4): `{ types: Map<family, type>, samples:
 * [{ name, labels, value }] }`. Comments other than `# TYPE` are skipped; timestamps ignored.
 */
export function parsePrometheusText(text) {
  const types = new Map();
  const samples = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#')) {
      const type = /^#\s*TYPE\s+(\S+)\s+(\S+)/.exec(line);
      if (type) types.set(type[1], type[2]);
      continue;
    }
    const brace = line.indexOf('{');
    const space = line.indexOf(' ');
    let name;
    let labels = {};
    let rest;
    if (brace >= 0 && (space < 0 || brace < space)) {
      name = line.slice(0, brace);
      let after;
      [labels, after] = readLabels(line, brace + 1);
      rest = line.slice(after).trim();
    } else {
      name = line.slice(0, space);
      rest = line.slice(space + 1).trim();
    }
    const value = Number(rest.split(/\s+/)[0].replace(/^\+?Inf$/, 'Infinity'));
    samples.push({ name, labels, value });
  }
  return { types, samples };
}

const CUMULATIVE_SUFFIXES = ['_bucket', '_sum', '_count', '_total', '_created'];

/** The family a sample belongs to (`x_bucket` → `x` when `x` is a histogram), and its type. */
function familyOf(name, types) {
  if (types.has(name)) return [name, types.get(name)];
  for (const suffix of CUMULATIVE_SUFFIXES) {
    if (name.endsWith(suffix) && types.has(name.slice(0, -suffix.length))) {
      const family = name.slice(0, -suffix.length);
      return [family, types.get(family)];
    }
  }
  return [name, 'untyped'];
}

const seriesKey = (name, labels) =>
  `${name}{${Object.keys(labels)
    .sort()
    .map((k) => `${k}=${JSON.stringify(labels[k])}`)
    .join(',')}}`;

/**
 * What a run added up, over every scrape of every target: `increase` for counters and
 * histograms (per series, restarts counted from zero), `max` for gauges. Feed it parsed scrapes.
 */
export class MetricsAccumulator {
  #previous = new Map(); // target → Map(series key → value)
  /** series key → { name, labels, family, value } */
  increase = new Map();
  max = new Map();
  /** Targets that answered at least once. */
  reached = new Set();

  add(target, { types, samples }) {
    const previous = this.#previous.get(target);
    const current = new Map();
    this.reached.add(target);
    for (const { name, labels, value } of samples) {
      const key = seriesKey(name, labels);
      current.set(key, value);
      const [family, type] = familyOf(name, types);
      if (type === 'counter' || type === 'histogram' || type === 'summary') {
        if (name.endsWith('_created')) continue;
        // The first scrape of a target is the baseline (a restarted process starts at zero).
        const before = previous ? (previous.get(key) ?? 0) : value;
        const delta = value >= before ? value - before : value;
        const entry = this.increase.get(key) ?? { name, labels, family, value: 0 };
        entry.value += delta;
        this.increase.set(key, entry);
      } else if (previous) {
        // Gauges from the run's scrapes only: the first one shows the time before the run
        // (prom-client's event-loop max and p99 cover the time since the previous scrape).
        const entry = this.max.get(key) ?? { name, labels, family, value: -Infinity };
        entry.value = Math.max(entry.value, value);
        this.max.set(key, entry);
      }
    }
    this.#previous.set(target, current);
  }

  /** Increases of one sample name, each with its labels. */
  increases(name) {
    return [...this.increase.values()].filter((e) => e.name === name);
  }

  /** Highest value of one gauge over every series matching `where`; null when never seen. */
  highest(name, where = () => true) {
    const values = [...this.max.values()].filter((e) => e.name === name && where(e.labels)).map((e) => e.value);
    return values.length ? Math.max(...values) : null;
  }

  /** Sum of a counter's increases over the series matching `where`; null when never seen. */
  total(name, where = () => true) {
    const entries = this.increases(name).filter((e) => where(e.labels));
    return entries.length ? entries.reduce((n, e) => n + e.value, 0) : null;
  }
}

/**
 * `histogram_quantile` as Prometheus computes it, over cumulative buckets `[{ le, count }]`
 * (any order; `le` may be Infinity): linear inside the bucket where the rank falls, the highest
 * finite bound when it falls in the +Inf bucket. null without observations.
 */
export function histogramQuantile(q, buckets) {
  const sorted = [...buckets].sort((a, b) => a.le - b.le);
  const total = sorted.at(-1)?.count ?? 0;
  if (!total) return null;
  const rank = q * total;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const { le, count } of sorted) {
    if (count >= rank) {
      if (le === Infinity) return lowerBound;
      if (count === lowerCount) return le;
      return lowerBound + ((le - lowerBound) * (rank - lowerCount)) / (count - lowerCount);
    }
    lowerBound = le;
    lowerCount = count;
  }
  return lowerBound;
}

/** A histogram family's increase over the run, every label set merged: count, mean and p50/p95/p99 in ms. */
function histogramMs(acc, family) {
  const byLe = new Map();
  for (const { labels, value } of acc.increases(`${family}_bucket`)) {
    const le = labels.le === '+Inf' ? Infinity : Number(labels.le);
    byLe.set(le, (byLe.get(le) ?? 0) + value);
  }
  if (!byLe.size) return null;
  const buckets = [...byLe].map(([le, count]) => ({ le, count }));
  const count = acc.total(`${family}_count`) ?? Math.max(...buckets.map((b) => b.count));
  const sum = acc.total(`${family}_sum`);
  const ms = (seconds) => (seconds === null ? null : Math.round(seconds * 1000 * 10) / 10);
  return {
    count,
    meanMs: count && sum !== null ? ms(sum / count) : null,
    p50Ms: ms(histogramQuantile(0.5, buckets)),
    p95Ms: ms(histogramQuantile(0.95, buckets)),
    p99Ms: ms(histogramQuantile(0.99, buckets)),
  };
}

/** The report's figures (docs/performance.md, "Server metrics"); null where a family is missing. */
export function summarizeMetrics(acc, targets) {
  const refused = {};
  for (const { labels, value } of acc.increases('mazad_bids_total')) {
    if (labels.outcome === 'refused' && value > 0)
      refused[labels.code ?? '?'] = (refused[labels.code ?? '?'] ?? 0) + value;
  }
  const seen = acc.increases('mazad_bids_total').length > 0;
  // AUCTION_BUSY by the admission check that gave it (queue_full, queue_wait, deadline, lock,
  // event_loop: docs/reliability.md, "Overload"), so a run's busy answers say where they came from.
  const busyByReason = {};
  for (const { labels, value } of acc.increases('mazad_bid_admission_refusals_total')) {
    if (value > 0) busyByReason[labels.reason ?? '?'] = (busyByReason[labels.reason ?? '?'] ?? 0) + value;
  }
  const lagSeconds = [
    acc.highest('nodejs_eventloop_lag_seconds'),
    acc.highest('nodejs_eventloop_lag_max_seconds'),
  ].filter((v) => v !== null);
  const ms = (seconds) => (seconds === null ? null : Math.round(seconds * 1000 * 10) / 10);
  return {
    targets: targets.length,
    reached: acc.reached.size,
    bids: seen
      ? {
          accepted: acc.total('mazad_bids_total', (l) => l.outcome === 'accepted') ?? 0,
          refused: Object.values(refused).reduce((n, v) => n + v, 0),
          refusedByCode: refused,
          busyByReason,
        }
      : null,
    bidDecision: histogramMs(acc, 'mazad_bid_decision_seconds'),
    bidBroadcast: histogramMs(acc, 'mazad_bid_broadcast_seconds'),
    socketMessagesSent: acc.total('mazad_socket_messages_sent_total'),
    socketBytesSent: acc.total('mazad_socket_bytes_sent_total'),
    socketConnectionsMax: acc.highest('mazad_socket_connections'),
    dbPoolWaitingMax: acc.highest('mazad_db_pool_connections', (l) => l.state === 'waiting'),
    eventLoopLagMaxMs: lagSeconds.length ? ms(Math.max(...lagSeconds)) : null,
    eventLoopLagP99MaxMs: ms(acc.highest('nodejs_eventloop_lag_p99_seconds')),
  };
}

/** GET a `/metrics` page; null when the target does not answer (metrics off, a killed replica, a wrong token). */
async function scrape(url, timeoutMs, token) {
  try {
    const headers = token ? { Authorization: `Bearer ${token}` } : {};
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
    return res.ok ? parsePrometheusText(await res.text()) : null;
  } catch {
    return null;
  }
}

/**
 * Records the servers' metrics over one run: `const rec = recordServerMetrics(urls, { token }); …;
 * const summary = await rec.stop()`. `urls`: each server's `http://host:METRICS_PORT/metrics`;
 * `token`: their METRICS_TOKEN, sent as a bearer token (the servers answer 401 without it).
 * Scrapes once at once (`ready` resolves after it), then every `intervalMs`, then at stop.
 */
export function recordServerMetrics(urls, { token, intervalMs = 1000, timeoutMs = 2000 } = {}) {
  const acc = new MetricsAccumulator();
  let pending = Promise.resolve();
  const round = () => {
    pending = pending.then(() =>
      Promise.all(
        urls.map(async (url) => {
          const page = await scrape(url, timeoutMs, token);
          if (page) acc.add(url, page);
        }),
      ),
    );
    return pending;
  };
  const ready = round();
  const timer = setInterval(round, intervalMs);
  timer.unref?.();
  return {
    ready,
    async stop() {
      clearInterval(timer);
      await round();
      return summarizeMetrics(acc, urls);
    },
  };
}

const na = (v, unit = '') => (v === null || v === undefined ? 'n/a' : `${v.toLocaleString('en-US')}${unit}`);
const quantiles = (h) =>
  !h
    ? 'n/a'
    : h.count
      ? `${na(h.p50Ms)} / ${na(h.p95Ms)} / ${na(h.p99Ms)} ms (${na(h.count)} observed)`
      : 'none observed';

/** The short table printed after a run. */
export function formatServerMetrics(s) {
  if (!s) return '    server metrics: n/a';
  const refused = s.bids
    ? Object.entries(s.bids.refusedByCode)
        .map(([code, n]) => `${code} ${n}`)
        .join(', ')
    : '';
  const busy = s.bids
    ? Object.entries(s.bids.busyByReason)
        .map(([reason, n]) => `${reason} ${n}`)
        .join(', ')
    : '';
  const rows = [
    [`server metrics (${s.reached} of ${s.targets} answered /metrics)`, ''],
    [
      'bids accepted / refused',
      s.bids ? `${na(s.bids.accepted)} / ${na(s.bids.refused)}${refused ? ` (${refused})` : ''}` : 'n/a',
    ],
    ...(busy ? [['AUCTION_BUSY by admission check', busy]] : []),
    ['bid decision p50 / p95 / p99', quantiles(s.bidDecision)],
    ['commit→broadcast p50 / p95 / p99', quantiles(s.bidBroadcast)],
    ['socket messages / bytes sent', `${na(s.socketMessagesSent)} / ${na(s.socketBytesSent)}`],
    ['socket connections (max, one instance)', na(s.socketConnectionsMax)],
    ['db pool waiting (max)', na(s.dbPoolWaitingMax)],
    ['event-loop lag max / p99 max', `${na(s.eventLoopLagMaxMs, ' ms')} / ${na(s.eventLoopLagP99MaxMs, ' ms')}`],
  ];
  return rows.map(([label, value]) => `    ${label.padEnd(40)}${value}`).join('\n');
}
