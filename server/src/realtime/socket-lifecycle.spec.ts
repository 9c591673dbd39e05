import type { Server } from 'socket.io';
import { adapterSubscribed } from './socket-lifecycle';

/** A Socket.IO server whose adapter holds this subscriber (or none: the in-memory adapter). */
const serverWith = (subClient?: object) => ({ of: () => ({ adapter: { subClient } }) }) as unknown as Server;

describe('adapterSubscribed (readiness of the socket gateway)', () => {
  it('holds when the subscriber is ready, subscribed and answers', async () => {
    const ping = jest.fn().mockResolvedValue(['pong', '']);
    await expect(adapterSubscribed(serverWith({ status: 'ready', mode: 'subscriber', ping }))).resolves.toBeUndefined();
    expect(ping).toHaveBeenCalled();
  });

  it.each([
    ['reconnecting', 'subscriber'],
    ['ready', 'normal'],
  ])('fails when the subscriber is %s in %s mode, without asking Redis', async (status, mode) => {
    const ping = jest.fn();
    await expect(adapterSubscribed(serverWith({ status, mode, ping }))).rejects.toThrow(status);
    expect(ping).not.toHaveBeenCalled();
  });

  it('fails when the PING fails', async () => {
    const ping = jest.fn().mockRejectedValue(new Error('Connection is closed.'));
    await expect(adapterSubscribed(serverWith({ status: 'ready', mode: 'subscriber', ping }))).rejects.toThrow();
  });

  it('has nothing to check with the in-memory adapter', async () => {
    await expect(adapterSubscribed(serverWith())).resolves.toBeUndefined();
  });
});
