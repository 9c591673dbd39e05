/**
 * A run's picture: one self-contained HTML file (uPlot's minified JS and CSS inlined, the data
 * in a JSON island, a CSP that forbids any load) that opens offline, from a file, years later.
 * Used by `npm run bench` (results/latest.html) and `npm run chaos` (results/chaos.html).
 *
 *   writeHtmlReport(file, {
 *     title, subtitle?,
 *     charts: [{ title, unit, x: number[] (seconds since start), series: [{ label, values: (number|null)[],
 *               color?: palette slot 0–7 (blue, amber, green, red, violet, cyan, pink, grey;
 *               default: the series' index), dash?: boolean }],
 *               markers?: [{ at (seconds), label }], note? }],
 *     tables?: [{ title, columns: string[], rows: (string|number|null)[][] }],
 *     sections?: [{ title, subtitle?, charts?, tables? }],   after the top-level charts and tables
 *   })
 *
 * Every text goes into the page escaped (titles, labels, cells, markers); `null` values are gaps.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);
const UPLOT_VERSION = require('uplot/package.json').version;

/** Read once, on first use: the bench imports this module before it has anything to draw. */
let assets;
function loadAssets() {
  if (!assets) {
    const read = (path) => readFileSync(path, 'utf8');
    assets = {
      uplotJs: read(require.resolve('uplot/dist/uPlot.iife.min.js')),
      uplotCss: read(require.resolve('uplot/dist/uPlot.min.css')),
      pageJs: read(new URL('./report-page.js', import.meta.url)),
    };
    // Inlined as raw text: a closing tag inside would end the element early.
    for (const [name, text] of Object.entries(assets))
      if (/<\/(script|style)/i.test(text)) throw new Error(`${name} cannot be inlined: it contains a closing tag`);
  }
  return assets;
}

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for HTML content and attribute values. */
export function escapeHtml(value) {
  return String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/** JSON inside <script type="application/json">: no `<` (no `</script>`, no `<!--`), no `&`. */
function jsonForScript(data) {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const finiteOrNull = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Checks a chart's shape (a wrong length would draw a silently shifted line) and keeps only data. */
function normaliseChart(chart) {
  const x = chart.x.map(Number);
  if (x.some((v) => !Number.isFinite(v))) throw new Error(`chart "${chart.title}": x must be numbers`);
  for (let i = 1; i < x.length; i++)
    if (x[i] < x[i - 1]) throw new Error(`chart "${chart.title}": x must not decrease`);
  return {
    title: String(chart.title),
    unit: String(chart.unit ?? ''),
    x,
    series: chart.series.map((s) => {
      if (s.values.length !== x.length)
        throw new Error(`chart "${chart.title}", series "${s.label}": ${s.values.length} values for ${x.length} x`);
      return {
        label: String(s.label),
        values: s.values.map(finiteOrNull),
        ...(Number.isInteger(s.color) ? { color: s.color } : {}),
        ...(s.dash ? { dash: true } : {}),
      };
    }),
    markers: (chart.markers ?? []).map((m) => ({ at: Number(m.at), label: String(m.label) })),
  };
}

const formatSeconds = (s) => `${Math.round(s * 10) / 10} s`;

function renderChart(chart, index, note) {
  const markers = chart.markers.length
    ? `<ul class="markers">${chart.markers
        .map((m) => `<li><span class="at">${escapeHtml(formatSeconds(m.at))}</span> ${escapeHtml(m.label)}</li>`)
        .join('')}</ul>`
    : '';
  const body =
    chart.x.length > 0
      ? `<div class="plot" data-chart="${index}"></div>`
      : `<p class="empty">No data for this chart in this run.</p>`;
  return `<figure class="chart">
<figcaption><h3 dir="auto">${escapeHtml(chart.title)}</h3>${chart.unit ? `<span class="unit">${escapeHtml(chart.unit)}</span>` : ''}</figcaption>
${body}${markers}${note ? `<p class="note" dir="auto">${escapeHtml(note)}</p>` : ''}
</figure>`;
}

function renderTable(table) {
  const cell = (v, tag) =>
    `<${tag}${typeof v === 'number' ? ' class="num"' : ''} dir="auto">${escapeHtml(v ?? '–')}</${tag}>`;
  return `<div class="table"><h3 dir="auto">${escapeHtml(table.title)}</h3>
<table><thead><tr>${table.columns.map((c) => cell(c, 'th')).join('')}</tr></thead>
<tbody>${table.rows.map((row) => `<tr>${row.map((v) => cell(v, 'td')).join('')}</tr>`).join('\n')}</tbody></table></div>`;
}

const STYLE = `
:root { color-scheme: light dark; --bg: #fff; --panel: #f6f7f9; --text: #1b1f24; --text-muted: #57606a;
  --grid: #e3e6ea; --border: #d0d7de; --marker: #c2410c;
  --c0: #1d4ed8; --c1: #b45309; --c2: #15803d; --c3: #b91c1c; --c4: #7e22ce; --c5: #0e7490; --c6: #be185d; --c7: #6b7280; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0f1115; --panel: #171a21; --text: #e6e8eb; --text-muted: #9aa4b2; --grid: #2a2f3a;
    --border: #303642; --marker: #fb923c;
    --c0: #60a5fa; --c1: #fbbf24; --c2: #4ade80; --c3: #f87171; --c4: #c084fc; --c5: #22d3ee; --c6: #f472b6; --c7: #9ca3af; }
}
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1400px; padding: 24px; background: var(--bg); color: var(--text);
  font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', 'Noto Sans Arabic', sans-serif; }
h1 { font-size: 22px; margin: 0 0 4px; } h2 { font-size: 18px; margin: 32px 0 4px; border-bottom: 1px solid var(--border); padding-bottom: 4px; }
h3 { font-size: 14px; margin: 0; }
.subtitle { color: var(--text-muted); margin: 0 0 12px; white-space: pre-line; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 560px), 1fr)); gap: 16px; margin-top: 12px; }
.chart { margin: 0; padding: 12px; background: var(--panel); border: 1px solid var(--border); border-radius: 8px; min-width: 0; }
.chart figcaption { display: flex; gap: 8px; align-items: baseline; margin-bottom: 6px; }
.unit, .note, .empty, .markers, footer { color: var(--text-muted); font-size: 12px; }
.plot { width: 100%; min-height: 260px; }
.markers { margin: 6px 0 0; padding: 0; list-style: none; } .markers .at { color: var(--marker); font-variant-numeric: tabular-nums; }
.table { margin-top: 16px; overflow-x: auto; }
.table table { border-collapse: collapse; margin-top: 6px; font-variant-numeric: tabular-nums; }
.table th, .table td { border: 1px solid var(--border); padding: 4px 10px; text-align: start; }
.table th { background: var(--panel); } .table td.num { text-align: end; }
footer { margin-top: 32px; }
.uplot, .uplot .u-legend { font-family: inherit; color: var(--text); }
.u-legend .u-series th { font-weight: 500; }
`;

/** The whole page as a string (writeHtmlReport writes it; tests read it). */
export function renderHtmlReport(report) {
  const { uplotJs, uplotCss, pageJs } = loadAssets();
  const charts = [];
  const section = ({ charts: cs = [], tables = [] }) => {
    const rendered = cs.map((c) => {
      charts.push(normaliseChart(c));
      return renderChart(charts.at(-1), charts.length - 1, c.note);
    });
    return `${rendered.length ? `<div class="grid">${rendered.join('\n')}</div>` : ''}${tables.map(renderTable).join('\n')}`;
  };
  const top = section(report);
  const sections = (report.sections ?? [])
    .map(
      (s) => `<section><h2 dir="auto">${escapeHtml(s.title)}</h2>
${s.subtitle ? `<p class="subtitle" dir="auto">${escapeHtml(s.subtitle)}</p>` : ''}${section(s)}</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(report.title)}</title>
<style>${uplotCss}</style>
<style>${STYLE}</style>
</head>
<body>
<header><h1 dir="auto">${escapeHtml(report.title)}</h1>
${report.subtitle ? `<p class="subtitle" dir="auto">${escapeHtml(report.subtitle)}</p>` : ''}</header>
<main>
${top}
${sections}
</main>
<footer>Written ${escapeHtml(new Date().toISOString())} · charts drawn with uPlot ${escapeHtml(UPLOT_VERSION)} (MIT), inlined: this file needs no network. Drag across a chart to zoom, double-click to reset.</footer>
<script type="application/json" id="report-data">${jsonForScript({ charts })}</script>
<script>${uplotJs}</script>
<script>${pageJs}</script>
</body>
</html>
`;
}

/** Writes the report to `file` (its folder created if needed). */
export function writeHtmlReport(file, report) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, renderHtmlReport(report));
}
