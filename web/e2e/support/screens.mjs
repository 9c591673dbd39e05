/**
 * What every journey checks on a screen as a person would see it: axe-core (no serious or
 * critical violation), nothing sticking out sideways on a phone, and screenshots in light and
 * dark at desktop and 360 px widths (kept in e2e/artifacts/).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { DESKTOP, horizontalOverflow, PHONE } from './browser.mjs';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core on the whole page: no serious or critical violation. */
export async function assertAccessible(page, label) {
  // Evaluated through the DevTools protocol: the app's Content-Security-Policy forbids inline scripts.
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => {
        const where = v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(' | ');
        return `${v.impact} ${v.id}: ${v.help} — ${where}`;
      });
  });
  assert.deepEqual(violations, [], `axe on ${label}:\n${violations.join('\n')}`);
}

/** The outermost elements reaching past the viewport's sides (for a failure message). */
function widest(page) {
  return page.evaluate(() => {
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      const box = el.getBoundingClientRect();
      if ((box.left < -1 || box.right > window.innerWidth + 1) && !out.some((o) => o.contains(el))) out.push(el);
    }
    return out
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`)
      .join(', ');
  });
}

/** The theme as the app keeps it (localStorage `darkMode`, `data-theme` on <html>). */
export async function setTheme(page, dark) {
  await page.evaluate((value) => {
    localStorage.setItem('darkMode', String(value));
    document.documentElement.dataset.theme = value ? 'dark' : 'light';
  }, dark);
}

/**
 * Light and dark, desktop and 360 px: each checked with axe and for sideways overflow, then
 * captured as `<name>-<desktop|phone>-<light|dark>.png`. `check(size, dark)` adds the screen's
 * own assertions. The page is left in light desktop.
 */
export async function checkScreens(handle, name, { check } = {}) {
  const { page } = handle;
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ]) {
    await page.setViewportSize(viewport);
    for (const dark of [false, true]) {
      const label = `${name} ${size} ${dark ? 'dark' : 'light'}`;
      await setTheme(page, dark);
      // A full-page capture draws the sticky header where the page is scrolled to: start at the top.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(150);
      // Colours change with a short transition (buttons: 0.15 s): axe reads the colours once those
      // are over, not midway (a busy page starts them late; midway, text and background can clash).
      // Other transitions (a countdown's bar moves every second) are not waited for.
      await page.waitForFunction(
        () =>
          document
            .getAnimations()
            .every(
              (a) => !(a instanceof CSSTransition) || !/color/.test(a.transitionProperty) || a.playState !== 'running',
            ),
        undefined,
        { timeout: 5_000 },
      );
      if (check) await check(size, dark);
      await assertAccessible(page, label);
      const overflow = await horizontalOverflow(page);
      assert.ok(overflow <= 1, `${label}: nothing sticks out sideways (${overflow}px: ${await widest(page)})`);
      await handle.screenshot(`${name}-${size}-${dark ? 'dark' : 'light'}`);
    }
  }
  await setTheme(page, false);
  await page.setViewportSize(DESKTOP);
}

/** Polls `fn` until it returns something truthy; fails with the last error after `timeout`. */
export async function eventually(what, fn, { timeout = 60_000, every = 500 } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    try {
      const value = await fn();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`${what}: not reached within ${timeout} ms${last ? ` (${last.message})` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
