import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { escapeHtml, renderHtmlReport, writeHtmlReport } from '../lib/report-html.mjs';

const HOSTILE = `<img src=x onerror="alert(1)"> & 'quote' </script><!--`;

const report = {
  title: `Run ${HOSTILE}`,
  subtitle: `subtitle ${HOSTILE}`,
  charts: [
    {
      title: `Bids ${HOSTILE}`,
      unit: 'bids/s',
      x: [0, 1, 2],
      series: [
        { label: `accepted ${HOSTILE}`, values: [10, null, 12.5] },
        { label: 'rejected', values: [1, 2, Number.NaN], color: 3, dash: true },
      ],
      markers: [{ at: 1.5, label: `kill -9 ${HOSTILE}` }],
    },
  ],
  tables: [{ title: `Figures ${HOSTILE}`, columns: ['name', HOSTILE], rows: [[HOSTILE, 42]] }],
  sections: [{ title: `Scenario ${HOSTILE}`, charts: [{ title: 'empty', unit: 'ms', x: [], series: [] }] }],
};

/** The page's data island, parsed as the page parses it. */
function dataOf(html) {
  const match = html.match(/<script type="application\/json" id="report-data">([^<]*)<\/script>/);
  assert.ok(match, 'the data island is there and holds no "<"');
  return JSON.parse(match[1]);
}

test('the page is self-contained: uPlot inlined, nothing loaded from anywhere', () => {
  const html = renderHtmlReport(report);
  assert.doesNotMatch(html, /<[a-z][^>]*\s(src|href)\s*=/i, 'no tag with a src or href attribute');
  assert.doesNotMatch(html, /url\(|@import/i, 'no CSS that loads');
  assert.match(html, /var uPlot=function\(\)/, "uPlot's code is inlined");
  assert.match(html, /\.uplot \{font-family/, "uPlot's CSS is inlined");
  assert.match(html, /Content-Security-Policy" content="default-src 'none'/);
});

test('every text is escaped where it is inserted', () => {
  const html = renderHtmlReport(report);
  assert.equal(html.split('<img').length, 1, 'no tag comes from the data');
  assert.equal(html.split('</script><!--').length, 1);
  // Visible texts: title, subtitle, chart title, marker list, table title/head/cell, section title.
  assert.ok(html.split(escapeHtml(HOSTILE)).length - 1 >= 8, 'each text appears escaped');
  assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
});

test('the data is in the page: series, gaps, markers, options', () => {
  const { charts } = dataOf(renderHtmlReport(report));
  assert.equal(charts.length, 2);
  assert.deepEqual(charts[0].x, [0, 1, 2]);
  assert.deepEqual(charts[0].series[0], { label: `accepted ${HOSTILE}`, values: [10, null, 12.5] });
  assert.deepEqual(charts[0].series[1], { label: 'rejected', values: [1, 2, null], color: 3, dash: true });
  assert.deepEqual(charts[0].markers, [{ at: 1.5, label: `kill -9 ${HOSTILE}` }]);
  const html = renderHtmlReport(report);
  assert.match(html, /data-chart="0"/);
  assert.doesNotMatch(html, /data-chart="1"/, 'an empty chart says so instead of drawing');
  assert.match(html, /No data for this chart/);
});

test('a series whose length differs from x is refused (it would draw shifted)', () => {
  assert.throws(
    () =>
      renderHtmlReport({
        title: 't',
        charts: [{ title: 'c', unit: '', x: [0, 1], series: [{ label: 's', values: [1] }] }],
      }),
    /1 values for 2 x/,
  );
});

test('writeHtmlReport writes the file, creating its folder', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'mazad-report-')), 'deep', 'run.html');
  writeHtmlReport(file, report);
  assert.match(readFileSync(file, 'utf8'), /^<!doctype html>/);
});
