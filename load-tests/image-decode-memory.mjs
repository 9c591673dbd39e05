#!/usr/bin/env node
/**
 * Peak memory of storing worst-case images through the server's ImageStorageService (the
 * compiled one in server/dist: run `npm run build -w server` first; `--dist` names another
 * build, e.g. of an older commit, to compare).
 *
 *   node load-tests/image-decode-memory.mjs [--megapixels 18.7,50] [--parallel 1,12] [--pixel rgba16|rgb8]
 *
 * The worst case a 5 MB upload can carry is an interlaced PNG of one colour: it compresses to a
 * few hundred KB, yet an interlaced PNG cannot be streamed, so the decoder holds every pixel
 * (8 bytes each in 16-bit RGBA, `--pixel rgba16`; 3 in 8-bit RGB, `--pixel rgb8`). Each scenario runs in a fresh child process and reports the
 * kernel's high-water mark of its resident memory (VmHWM) above what it used before decoding.
 * `--parallel` stores that many images at once, as a few auction creations of 3 images would.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const here = fileURLToPath(new URL('.', import.meta.url));
const { values } = parseArgs({
  options: {
    megapixels: { type: 'string', default: '18.7' },
    pixel: { type: 'string', default: 'rgba16' },
    parallel: { type: 'string', default: '1,12' },
    dist: { type: 'string', default: join(here, '../server/dist') },
    file: { type: 'string' },
    child: { type: 'boolean', default: false },
  },
});

const kib = (field) => Number(/(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8').split(`${field}:`)[1])[1]);

async function worstPng(sharp, megapixels, pixel) {
  const side = Math.floor(Math.sqrt(megapixels * 1e6));
  const image = sharp({
    create: { width: side, height: side, channels: pixel === 'rgb8' ? 3 : 4, background: '#8a5a2b' },
  });
  return (pixel === 'rgb8' ? image : image.toColourspace('rgb16'))
    .png({ progressive: true, compressionLevel: 9 })
    .toBuffer();
}

async function child() {
  const sharp = (await import('sharp')).default;
  const { ImageStorageService, IMAGE_PRESETS } = await import(
    join(values.dist, 'infrastructure/storage/image-storage.service.js')
  );
  const file = readFileSync(values.file);
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
  execFileSync('test', ['-f', join(values.dist, 'infrastructure/storage/image-storage.service.js')]);
  const sharp = (await import('sharp')).default;
  const scratch = mkdtempSync(join(tmpdir(), 'mazad-worst-'));
  // Made here, not in the measuring process: making it has a peak of its own.
  for (const megapixels of values.megapixels.split(',')) {
    const file = join(scratch, `${megapixels}.png`);
    writeFileSync(file, await worstPng(sharp, Number(megapixels), values.pixel));
    for (const parallel of values.parallel.split(',')) {
      const run = spawnSync(
        process.execPath,
        [
          '--expose-gc',
          fileURLToPath(import.meta.url),
          ...['--child', '--megapixels', megapixels, '--parallel', parallel, '--file', file],
          ...['--dist', values.dist],
        ],
        { encoding: 'utf8', cwd: join(here, '../server') },
      );
      process.stdout.write(run.stdout || run.stderr);
    }
  }
  rmSync(scratch, { recursive: true, force: true });
}
