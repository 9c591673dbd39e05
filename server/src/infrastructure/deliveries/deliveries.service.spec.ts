import type { Queue } from 'bullmq';
import { Deliveries } from './deliveries.service';
import type { DeliveryJobData } from './delivery-job';
import { DELIVERY_LANE_NAMES, DELIVERY_LANES, type DeliveryLaneName } from './delivery-lanes';
import { DeliveryQueues } from './delivery-queues';

/** A queue that records what is added to it (and, for the chat spacing, answers a slot now). */
function fakeQueue(name: string) {
  return {
    name,
    opts: { prefix: 'test:bull' },
    add: jest.fn().mockResolvedValue(undefined),
    getJob: jest.fn().mockResolvedValue(undefined),
    client: Promise.resolve({ eval: jest.fn().mockResolvedValue(0) }),
  };
}

describe('Deliveries: each message on its lane', () => {
  let queues: Record<DeliveryLaneName, ReturnType<typeof fakeQueue>>;
  let deliveries: Deliveries;
  beforeEach(() => {
    queues = Object.fromEntries(
      DELIVERY_LANE_NAMES.map((lane) => [lane, fakeQueue(DELIVERY_LANES[lane].name)]),
    ) as typeof queues;
    const list = DELIVERY_LANE_NAMES.map((lane) => queues[lane] as unknown as Queue<DeliveryJobData>);
    deliveries = new Deliveries(new DeliveryQueues(list));
  });

  const laneOf = () =>
    DELIVERY_LANE_NAMES.filter((lane) => queues[lane].add.mock.calls.length > 0).map((lane) => [
      lane,
      queues[lane].add.mock.calls[0][2],
    ]);
  const mail = { to: 'member@example.com', subject: 'رمز التحقق', text: 'CODE: 123456' };

  it("codes and account notices by mail: the account lane, under BullMQ's own id", async () => {
    await deliveries.accountMail(mail);
    expect(laneOf()).toEqual([['accountMail', undefined]]);
    expect(queues.accountMail.add).toHaveBeenCalledWith('mail', { channel: 'mail', message: mail });
  });

  it('codes by Telegram: their own lane', async () => {
    await deliveries.accountTelegram('42', 'رمزك 123456');
    expect(laneOf()).toEqual([['accountTelegram', undefined]]);
  });

  it('notices by mail, Telegram and push: each its own lane, under the notice id', async () => {
    await deliveries.noticeMail('email-n1', mail);
    await deliveries.noticeTelegram('telegram-n1', '42', 'تنبيه');
    await deliveries.push('push-n1', 'u', { title: 't', body: 'b', url: '/', tag: 'mazad-n1' });
    expect(laneOf()).toEqual([
      ['noticeMail', { jobId: 'email-n1' }],
      ['noticeTelegram', { jobId: 'telegram-n1', delay: 0 }],
      ['push', { jobId: 'push-n1' }],
    ]);
    expect(queues.accountMail.add).not.toHaveBeenCalled();
  });

  it('a Telegram notice already queued reserves no chat slot and adds nothing', async () => {
    queues.noticeTelegram.getJob.mockResolvedValue({ id: 'telegram-n1' });
    await deliveries.noticeTelegram('telegram-n1', '42', 'تنبيه');
    expect(queues.noticeTelegram.add).not.toHaveBeenCalled();
  });
});
