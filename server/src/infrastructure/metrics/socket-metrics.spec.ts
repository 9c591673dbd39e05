import { EventEmitter } from 'node:events';
import type { Server } from 'socket.io';
import { AppConfig } from '../../config/app-config';
import { Metrics } from './metrics';
import { SocketMetrics } from './socket-metrics';

/** The two emitters SocketMetrics listens to: the engine (connections) and the main namespace's adapter (rooms). */
function fakeServer() {
  const engine = new EventEmitter();
  const adapter = new EventEmitter();
  const server = { engine, of: () => ({ adapter }) } as unknown as Server;
  return { server, engine, adapter };
}

const value = async (metric: { get: () => Promise<{ values: { value: number }[] }> }) =>
  (await metric.get()).values[0]?.value ?? 0;

describe('SocketMetrics', () => {
  const setup = () => {
    const metrics = new Metrics(
      AppConfig.fromEnvironment({ JWT_SECRET: 'unit-test-secret-that-is-long-enough-0123456789' }),
    );
    const fake = fakeServer();
    new SocketMetrics(metrics).observe(fake.server, 'auction:');
    return { metrics, ...fake };
  };

  it('counts connections while they are open', async () => {
    const { metrics, engine } = setup();
    const a = new EventEmitter();
    const b = new EventEmitter();
    engine.emit('connection', a);
    engine.emit('connection', b);
    expect(await value(metrics.socketConnections)).toBe(2);
    a.emit('close');
    expect(await value(metrics.socketConnections)).toBe(1);
  });

  it('counts the auction rooms only', async () => {
    const { metrics, adapter } = setup();
    adapter.emit('create-room', 'auction:1');
    adapter.emit('create-room', 'auction:2');
    adapter.emit('create-room', 'user:7');
    adapter.emit('delete-room', 'auction:1');
    adapter.emit('delete-room', 'user:7');
    expect(await value(metrics.socketRooms)).toBe(1);
  });

  it('counts message packets and their UTF-8 bytes, not pings', async () => {
    const { metrics, engine } = setup();
    const [a, b] = [new EventEmitter(), new EventEmitter()];
    engine.emit('connection', a);
    engine.emit('connection', b);
    const broadcast = '42["new_bid",{"title":"ساعة"}]'; // 4 Arabic letters: 2 bytes each
    a.emit('packetCreate', { type: 'message', data: broadcast });
    b.emit('packetCreate', { type: 'message', data: broadcast });
    a.emit('packetCreate', { type: 'message', data: Buffer.alloc(10) });
    a.emit('packetCreate', { type: 'ping' });
    expect(await value(metrics.socketMessagesSent)).toBe(3);
    expect(await value(metrics.socketBytesSent)).toBe(2 * Buffer.byteLength(broadcast) + 10);
    expect(Buffer.byteLength(broadcast)).toBe(broadcast.length + 4);
  });
});
