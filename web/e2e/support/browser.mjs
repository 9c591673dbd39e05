/**
 * Chromium through playwright-core (no browser download: the system's /usr/bin/chromium),
 * with a watch on every page: console errors and uncaught exceptions are collected, and each
 * check asserts <html lang="ar" dir="rtl">.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { ARTIFACTS_DIR } from './paths.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];

export async function launchBrowser() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH)`,
    );
  }
  // The run's own signal handlers close the browser as part of the clean-up (Playwright's
  // would exit the process before the database is dropped).
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
}

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 360, height: 740 };

/**
 * A new browser context and page for one actor of a journey.
 * - `member`: a signed-in member ({ token, user }) stored as a previous visit would have.
 * - `allow`: console error texts (RegExp) the journey provokes on purpose.
 */
export async function openPage(browser, baseUrl, { member, viewport = DESKTOP, allow = [], label = 'page' } = {}) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    locale: 'ar-JO',
    timezoneId: 'Asia/Amman',
    colorScheme: 'light',
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  if (member) {
    await context.addInitScript(
      ({ token, user }) => {
        if (!window.localStorage.getItem('token')) {
          window.localStorage.setItem('token', token);
          window.localStorage.setItem('user', JSON.stringify(user));
        }
      },
      { token: member.token, user: member.user },
    );
  }
  const page = await context.newPage();
  const errors = [];
  const allowed = (text) => allow.some((pattern) => pattern.test(text));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (!allowed(text)) errors.push(`[${label}] console error on ${page.url()}: ${text}`);
  });
  page.on('pageerror', (error) => {
    errors.push(`[${label}] uncaught exception on ${page.url()}: ${error.message}`);
  });

  // Socket.IO frames the page sent (to know when it joined an auction's room).
  const sentFrames = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => sentFrames.push(String(frame.payload)));
  });

  const visited = new Set();
  return {
    context,
    page,
    errors,
    visited,
    /** Allows one more console error pattern from now on (a failure provoked on purpose). */
    allow: (pattern) => allow.push(pattern),
    /** Goes to a path and checks the document's language and direction. */
    async visit(path) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await this.checkDocument();
    },
    async checkDocument() {
      const read = () =>
        page.evaluate(() => ({
          lang: document.documentElement.lang,
          dir: document.documentElement.dir,
          url: location.pathname + location.search,
        }));
      let shown;
      try {
        shown = await read();
      } catch (error) {
        if (!/Execution context was destroyed/.test(error.message)) throw error;
        // The address sent the browser on (a redirect, e.g. /banner-management to the console):
        // the page it landed on is the one to check.
        await page.waitForLoadState('domcontentloaded');
        shown = await read();
      }
      const { lang, dir, url } = shown;
      visited.add(url);
      assert.equal(lang, 'ar', `<html lang> on ${url}`);
      assert.equal(dir, 'rtl', `<html dir> on ${url}`);
    },
    /** Fails when any console error or uncaught exception was seen. */
    assertNoErrors() {
      assert.deepEqual(errors, [], `console errors:\n${errors.join('\n')}`);
    },
    /** Waits until the page emitted join_auction for this auction, then lets the server act on it. */
    async waitForRoomJoin(auctionId, timeout = 10_000) {
      const deadline = Date.now() + timeout;
      while (!sentFrames.some((f) => f.includes('join_auction') && f.includes(auctionId))) {
        if (Date.now() > deadline) throw new Error(`the page did not join the room of auction ${auctionId}`);
        await page.waitForTimeout(50);
      }
      await page.waitForTimeout(300);
    },
    async screenshot(name) {
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      const file = join(ARTIFACTS_DIR, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    close: () => context.close(),
  };
}

/** The text of the visible toasts. */
export async function toastTexts(page) {
  return page.locator('.toast__message').allInnerTexts();
}

/** Waits until a toast with exactly this text is on screen. */
export async function expectToast(page, text, timeout = 10_000) {
  await page.locator('.toast__message', { hasText: text }).first().waitFor({ state: 'visible', timeout });
}

/** Width overflow of the page in CSS pixels (0 when nothing sticks out sideways). */
export async function horizontalOverflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Resolves once the page's Socket.IO client has its connection acknowledged (the `40` packet). */
export function socketConnected(page) {
  return new Promise((resolve) => {
    page.on('websocket', (ws) =>
      ws.on('framereceived', (frame) => {
        if (String(frame.payload).startsWith('40')) resolve();
      }),
    );
  });
}
