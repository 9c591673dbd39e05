import type Redis from 'ioredis';
import { withHandledPublishes } from './socket-fanout';

describe('withHandledPublishes', () => {
  const closedClient = () =>
    ({
      publish: jest.fn(() => Promise.reject(new Error('Connection is closed.'))),
      spublish: jest.fn(() => Promise.reject(new Error('Connection is closed.'))),
    }) as unknown as Redis;

  it('a publish nobody awaits (as the adapters publish) fails without an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const client = withHandledPublishes(closedClient());
      void client.publish('channel', 'message');
      void client.spublish('channel', 'message');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
    }
  });

  it('a caller that awaits still sees the failure', async () => {
    const client = withHandledPublishes(closedClient());
    await expect(client.publish('channel', 'message')).rejects.toThrow('Connection is closed.');
  });
});
