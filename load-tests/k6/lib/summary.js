// handleSummary for both scripts: the full k6 summary as JSON in load-tests/results/ and a
// short text summary (thresholds first) on stdout. k6 runs handleSummary with the working
// directory it was started in: run the scripts from the repository root, or set RESULTS_DIR.

const STATS = { trend: ['med', 'p(95)', 'p(99)', 'max'], counter: ['count', 'rate'], rate: ['rate'], gauge: ['value'] };

function format(value, isTime) {
  if (typeof value !== 'number') return String(value);
  if (isTime) return `${value.toFixed(value < 10 ? 2 : 0)} ms`;
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(value < 1 ? 4 : 3)));
}

function metricLine(name, metric) {
  const stats = STATS[metric.type] || Object.keys(metric.values);
  const isTime = metric.contains === 'time';
  const values = stats
    .filter((s) => metric.values[s] !== undefined)
    .map((s) => `${s}=${format(metric.values[s], isTime)}`)
    .join('  ');
  return `  ${name.padEnd(44)} ${values}`;
}

function allChecks(group) {
  return group.checks.concat(...group.groups.map(allChecks));
}

/** The summary as text: each threshold with ✓ or ✗, then every custom and HTTP metric. */
export function textSummary(data, title, notes = []) {
  const lines = [``, `${title} — ${(data.state.testRunDurationMs / 1000) | 0} s`, ``, `Thresholds:`];
  let failed = 0;
  for (const name of Object.keys(data.metrics).sort()) {
    const thresholds = data.metrics[name].thresholds || {};
    for (const expression of Object.keys(thresholds)) {
      const ok = thresholds[expression].ok;
      if (!ok) failed += 1;
      lines.push(`  ${ok ? '✓' : '✗'} ${name}: ${expression}`);
    }
  }
  lines.push(``, `Checks:`);
  for (const c of allChecks(data.root_group)) {
    lines.push(`  ${c.fails ? '✗' : '✓'} ${c.name} (${c.passes} passed, ${c.fails} failed)`);
  }
  lines.push(``, `Metrics:`);
  for (const name of Object.keys(data.metrics).sort()) {
    if (/^(data_|vus|iteration|http_req_(blocked|connecting|tls|sending|waiting|receiving)|ws_)/.test(name)) continue;
    lines.push(metricLine(name, data.metrics[name]));
  }
  lines.push(...notes.map((n) => `  ${n}`));
  lines.push(``, failed ? `${failed} threshold(s) FAILED` : `All thresholds passed`, ``);
  return lines.join('\n');
}

/** handleSummary's answer: the JSON file `load-tests/results/k6-<name>.json` and the text on stdout. */
export function summaryOutputs(name, data, title, notes) {
  const dir = (__ENV.RESULTS_DIR || 'load-tests/results').replace(/\/+$/, '');
  return {
    stdout: textSummary(data, title, notes),
    [`${dir}/k6-${name}.json`]: JSON.stringify(data, null, 2),
  };
}
