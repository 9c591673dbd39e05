/**
 * The Socket.IO Redis adapter's traffic over a run: the messages the servers publish for each
 * other. The classic adapter (`@socket.io/redis-adapter`, key `<REDIS_PREFIX>:socket.io`)
 * publishes a room's broadcast on `<key>#/#<room>#` (every server subscribes to `<key>#/#*`, so
 * Redis hands each message to every instance), and the servers' questions to each other (the
 * product's auction audience, `serverSideEmitWithAck`) on `<key>-request#/#` with the answers on
 * `<key>-response#/#…`. A pattern subscription on the run's own prefix counts exactly this
 * deployment's messages, even on a Redis other runs share.
 *
 * The sharded adapter (SPUBLISH) cannot be pattern-subscribed: for it, and as a cross-check,
 * the publish and spublish calls Redis counted (`INFO commandstats`) over the run are reported
 * too; those are the whole Redis server's, other users' included.
 */
import { Redis } from 'ioredis';
import { round } from './stats.mjs';

/** The kind of an adapter channel under `prefix`: broadcast, request, response, or other (not the adapter's). */
export function adapterChannelKind(channel, prefix) {
  const key = /^(.*:socket\.io)(#|-request#|-response#)/.exec(channel);
  if (!key || !key[1].startsWith(prefix)) return 'other';
  return { '#': 'broadcast', '-request#': 'request', '-response#': 'response' }[key[2]];
}

/** publish + spublish calls in an `INFO commandstats` text. */
export function publishCalls(commandstats) {
  let calls = 0;
  for (const m of commandstats.matchAll(/^cmdstat_s?publish:calls=(\d+)/gm)) calls += Number(m[1]);
  return calls;
}

/**
 * Starts counting; `stop()` answers `{ seconds, messages, messagesPerSec, byKind, bytesPerSec,
 * redisPublishCallsPerSec }` (byKind: broadcast / request / response / other, messages each).
 */
export async function countAdapterTraffic(redisUrl, prefix) {
  const sub = new Redis(redisUrl);
  const admin = new Redis(redisUrl);
  const byKind = { broadcast: 0, request: 0, response: 0, other: 0 };
  let bytes = 0;
  sub.on('pmessageBuffer', (_pattern, channel, message) => {
    const kind = adapterChannelKind(channel.toString(), prefix);
    byKind[kind]++;
    if (kind !== 'other') bytes += message.length;
  });
  await sub.psubscribe(`${prefix}*`);
  const callsBefore = publishCalls(await admin.info('commandstats'));
  const started = performance.now();
  return {
    async stop() {
      const seconds = (performance.now() - started) / 1000;
      const calls = publishCalls(await admin.info('commandstats')) - callsBefore;
      await Promise.all([sub.quit(), admin.quit()]);
      const messages = byKind.broadcast + byKind.request + byKind.response;
      return {
        seconds: round(seconds),
        messages,
        messagesPerSec: round(messages / seconds),
        byKind,
        bytesPerSec: Math.round(bytes / seconds),
        redisPublishCallsPerSec: round(calls / seconds),
      };
    },
  };
}
