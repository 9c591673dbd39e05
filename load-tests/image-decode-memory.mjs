#!/usr/bin/env node
/**
 * Peak memory of storing worst-case images through the server's ImageStorageService (the
 * compiled one in server/dist: run `npm run build -w server` first).
 *
 *   node load-tests/image-decode-memory.mjs [--megapixels 24] [--parallel 12]
 *
 * The worst case a 5 MB upload can carry is an interlaced 16-bit RGBA PNG of one colour: it
 * compresses to a few hundred KB, yet an interlaced PNG cannot be streamed, so the decoder holds
 * every pixel (8 bytes each). Each scenario runs in a fresh child process and reports the
 * kernel's high-water mark of its resident memory (VmHWM) above what it used before decoding.
 * `--parallel` stores that many images at once, as a few auction creations of 3 images would.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = fileURLToPath(new URL('.', import.meta.url));
const { values } = parseArgs({
  options: {
    megapixels: { type: 'string', default: '24' },
    parallel: { type: 'string', default: '1,12' },
    child: { type: 'boolean', default: false },
  },
});

const kib = (field) => Number(/(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8').split(`${field}:`)[1])[1]);

async function worstPng(sharp, megapixels) {
  const side = Math.round(Math.sqrt(megapixels * 1e6));
  return sharp({ create: { width: side, height: side, channels: 4, background: '#8a5a2b' } })
    .toColourspace('rgb16')
    .png({ progressive: true, compressionLevel: 9 })
    .toBuffer();
}

async function child() {
  const sharp = (await import('sharp')).default;
  const { ImageStorageService, IMAGE_PRESETS } = await import(
    join(here, '../server/dist/infrastructure/storage/image-storage.service.js')
  );
  const file = await worstPng(sharp, Number(values.megapixels));
  const meta = await sharp(file).metadata();
  const uploadDir = mkdtempSync(join(tmpdir(), 'mazad-decode-'));
  const storage = new ImageStorageService({ uploadDir });
  sharp.cache(false);
  global.gc?.();
  const before = kib('VmRSS');
  const started = Date.now();
  const outcomes = await Promise.allSettled(
    Array.from({ length: Number(values.parallel) }, () => storage.storeImage(file, IMAGE_PRESETS.auction)),
  );
  const peak = kib('VmHWM');
  rmSync(uploadDir, { recursive: true, force: true });
  const refused = outcomes.filter((o) => o.status === 'rejected').map((o) => o.reason?.code ?? String(o.reason));
  console.log(
    JSON.stringify({
      megapixels: Number(values.megapixels),
      file: `${meta.width}x${meta.height} ${meta.depth} ${meta.channels}ch interlaced=${meta.isProgressive}`,
      fileKB: Math.round(file.length / 1024),
      parallel: Number(values.parallel),
      stored: outcomes.length - refused.length,
      refused: [...new Set(refused)],
      peakAboveStartMB: Math.round((peak - before) / 1024),
      ms: Date.now() - started,
    }),
  );
}

if (values.child) {
  await child();
} else {
  execFileSync('test', ['-f', join(here, '../server/dist/infrastructure/storage/image-storage.service.js')]);
  for (const megapixels of values.megapixels.split(',')) {
    for (const parallel of values.parallel.split(',')) {
      const run = spawnSync(
        process.execPath,
        ['--expose-gc', fileURLToPath(import.meta.url), '--child', '--megapixels', megapixels, '--parallel', parallel],
        { encoding: 'utf8', cwd: join(here, '../server') },
      );
      process.stdout.write(run.stdout || run.stderr);
    }
  }
}
