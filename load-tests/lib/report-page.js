/* global document, getComputedStyle, matchMedia, addEventListener, uPlot */
/**
 * The report page's own script (inlined by lib/report-html.mjs after uPlot): draws every
 * `[data-chart]` placeholder from the JSON island `#report-data` ({ charts: [...] }). Titles,
 * legends and marker lists are already in the HTML; this only draws. Colours come from CSS
 * variables, so the charts follow the light or dark scheme; they are redrawn when the scheme or
 * the width changes (uPlot draws on a canvas of a fixed size).
 */
(function () {
  const { charts } = JSON.parse(document.getElementById('report-data').textContent);
  const css = (name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  const PALETTE_SIZE = 8;
  const format = (v, unit) => (v == null ? '–' : `${Math.round(v * 10) / 10}${unit ? ` ${unit}` : ''}`);
  let plots = [];

  /** Vertical dashed lines with their labels: the faults injected, the warm-up's end. */
  function markersPlugin(markers) {
    return {
      hooks: {
        draw: (u) => {
          const ctx = u.ctx;
          const px = uPlot.pxRatio;
          const { left, top, width, height } = u.bbox;
          ctx.save();
          ctx.strokeStyle = ctx.fillStyle = css('--marker');
          ctx.lineWidth = px;
          ctx.setLineDash([4 * px, 4 * px]);
          ctx.font = `${11 * px}px system-ui, sans-serif`;
          ctx.textBaseline = 'top';
          ctx.textAlign = 'left'; // uPlot leaves the axes' alignment on the context
          markers.forEach((m, i) => {
            const x = Math.round(u.valToPos(m.at, 'x', true));
            if (x < left || x > left + width) return;
            ctx.beginPath();
            ctx.moveTo(x, top);
            ctx.lineTo(x, top + height);
            ctx.stroke();
            // Labels step down so that close markers do not print over each other; a label
            // near the right edge is written to the left of its line.
            const label = m.label;
            const w = ctx.measureText(label).width;
            const tx = x + 4 * px + w > left + width ? x - 4 * px - w : x + 4 * px;
            ctx.fillText(label, tx, top + (2 + (i % 3) * 14) * px);
          });
          ctx.restore();
        },
      },
    };
  }

  function draw(el, chart) {
    const axis = { stroke: css('--text-muted'), grid: { stroke: css('--grid'), width: 1 }, ticks: { show: false } };
    const markers = chart.markers ?? [];
    const opts = {
      width: Math.max(280, el.clientWidth),
      height: 260,
      scales: {
        x: {
          time: false,
          // The markers stay visible even when they fall outside the data (a fault after the last bid).
          range: (u, min, max) => [
            Math.min(min ?? 0, ...markers.map((m) => m.at)),
            Math.max(max ?? 1, ...markers.map((m) => m.at)),
          ],
        },
        y: { range: (u, min, max) => [Math.min(0, min ?? 0), max > 0 ? max * 1.08 : 1] },
      },
      axes: [
        { ...axis, label: 's', labelSize: 14, size: 36 },
        { ...axis, label: chart.unit, labelSize: 18, size: 56 },
      ],
      cursor: { drag: { x: true, y: false } },
      legend: { live: true, markers: { dash: (u, i) => (u.series[i].dash ? 'dashed' : 'solid') } },
      series: [
        { label: 't', value: (u, v) => (v == null ? '–' : `${v} s`) },
        ...chart.series.map((s, i) => ({
          label: s.label,
          stroke: css(`--c${(s.color ?? i) % PALETTE_SIZE}`),
          width: 1.5,
          dash: s.dash ? [6, 4] : undefined,
          spanGaps: false,
          points: { show: chart.x.length <= 2 },
          value: (u, v) => format(v, chart.unit),
        })),
      ],
      plugins: [markersPlugin(markers)],
    };
    return new uPlot(opts, [chart.x, ...chart.series.map((s) => s.values)], el);
  }

  function drawAll() {
    for (const p of plots) p.destroy();
    plots = [];
    document.querySelectorAll('[data-chart]').forEach((el) => {
      const chart = charts[Number(el.dataset.chart)];
      if (chart.x.length > 0) plots.push(draw(el, chart));
    });
  }

  let resizeTimer;
  addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(drawAll, 150);
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', drawAll);
  drawAll();
})();
