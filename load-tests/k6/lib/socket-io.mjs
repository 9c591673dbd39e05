// The Engine.IO v4 / Socket.IO v5 framing a k6 watcher needs, over k6/experimental/websockets (one text frame per
// packet on the websocket transport). The twin of the Node runner's load-tests/lib/engine-io.mjs
// in the dialect k6 v0.48 compiles (no `??`, no URL, no Buffer); test/k6-socket-io.test.mjs
// checks that both read and write the same frames.
//
//   server → 0{"sid":…,"pingInterval":…}  open            client → 40{"token":…}  connect with auth
//   server → 40{"sid":…}                  connected       client → 42N["join_auction","<id>"]
//   server → 43N[{"ok":true,…}]           ack of N        server → 42["new_bid",{…}]  event
//   server → 2                            ping            client → 3  pong
//   server → 44{"message":…}              connect error   server → 41 disconnect, 1 close

/** `http://host:port` → `ws://host:port/socket.io/?EIO=4&transport=websocket`. */
export function socketUrl(baseUrl) {
  return `${baseUrl.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
}

export const PONG = '3';

/** Socket.IO CONNECT to the default namespace with the handshake's `auth`. */
export function encodeConnect(auth) {
  return `40${JSON.stringify(auth)}`;
}

/** Socket.IO EVENT `42[ackId]["name",...args]`. */
export function encodeEvent(name, args, ackId) {
  return `42${ackId === undefined ? '' : ackId}${JSON.stringify([name].concat(args))}`;
}

const ENGINE = { 0: 'open', 1: 'close', 2: 'ping', 3: 'pong', 4: 'message', 6: 'noop' };
const SOCKET = { 0: 'connect', 1: 'disconnect', 2: 'event', 3: 'ack', 4: 'connect_error' };

/**
 * One text frame as `{ type, … }`: open | close | ping | pong | noop | connect (data) |
 * disconnect | event (name, args, ackId) | ack (ackId, args) | connect_error (data) | unknown.
 */
export function decodePacket(text) {
  const engine = ENGINE[text[0]];
  if (!engine) return { type: 'unknown', raw: text };
  if (engine === 'open') return { type: 'open', data: JSON.parse(text.slice(1)) };
  if (engine !== 'message') return { type: engine };
  const kind = SOCKET[text[1]];
  if (!kind) return { type: 'unknown', raw: text };
  let i = 2;
  const digits = /^\d+/.exec(text.slice(i, i + 20));
  let ackId;
  if (digits) {
    ackId = Number(digits[0]);
    i += digits[0].length;
  }
  const body = text.length > i ? JSON.parse(text.slice(i)) : undefined;
  if (kind === 'event') return { type: 'event', name: body[0], args: body.slice(1), ackId };
  if (kind === 'ack') return { type: 'ack', ackId, args: body };
  return { type: kind, data: body };
}
