import { Logger } from '@nestjs/common';
import { Job, UnrecoverableError } from 'bullmq';
import { MailService } from '../mail/mail.service';
import type { PushSender } from '../push/push-sender';
import { TelegramApiError, TelegramService } from '../telegram/telegram.service';
import type { DeliveryJobData } from './delivery-job';
import { DELIVERY_JOB_OPTIONS } from '../queues/queue-registry';
import type { QueueWorkers } from '../queues/queue-worker';
import type { DeliveryQueues } from './delivery-queues';
import { DeliveryWorker } from './delivery-worker';

const CODE_MAIL: DeliveryJobData = {
  channel: 'mail',
  message: { to: 'member@example.com', subject: 'رمز التحقق', text: 'CODE: 123456' },
};

/** A job in its `attempt`th attempt, as BullMQ hands it to the processor. */
function jobAt(attempt: number, data: DeliveryJobData = CODE_MAIL) {
  return {
    id: '7',
    data,
    attemptsMade: attempt - 1,
    opts: { ...DELIVERY_JOB_OPTIONS },
    updateData: jest.fn().mockResolvedValue(undefined),
  } as unknown as Job<DeliveryJobData> & { updateData: jest.Mock };
}

describe('DeliveryWorker.process', () => {
  const mail = { send: jest.fn() };
  const telegram = { sendMessage: jest.fn() };
  const push = { send: jest.fn() };
  let worker: DeliveryWorker;
  let logs: { level: string; line: string }[];

  beforeEach(() => {
    mail.send.mockReset().mockResolvedValue(undefined);
    telegram.sendMessage.mockReset().mockResolvedValue(undefined);
    push.send.mockReset().mockResolvedValue([]);
    worker = new DeliveryWorker(
      {} as QueueWorkers,
      {} as DeliveryQueues,
      mail as unknown as MailService,
      telegram as unknown as TelegramService,
      push as unknown as PushSender,
    );
    logs = [];
    for (const level of ['warn', 'error'] as const)
      jest
        .spyOn(Logger.prototype, level)
        .mockImplementation((...args: unknown[]) => void logs.push({ level, line: JSON.stringify(args) }));
  });
  afterEach(() => jest.restoreAllMocks());

  it('sends a mail job by mail and a Telegram job to its chat', async () => {
    await worker.process(jobAt(1));
    expect(mail.send).toHaveBeenCalledWith(CODE_MAIL.message);
    await worker.process(jobAt(1, { channel: 'telegram', chatId: '42', text: 'رمزك 123456' }));
    expect(telegram.sendMessage).toHaveBeenCalledWith('42', 'رمزك 123456');
  });

  it('a failed attempt before the last is thrown for a retry, warned without the text, the job left whole', async () => {
    mail.send.mockRejectedValue(Object.assign(new Error('451 try later <member@example.com>'), { responseCode: 451 }));
    const job = jobAt(2);
    const thrown = await worker.process(job).catch((err: unknown) => err);
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(UnrecoverableError);
    expect((thrown as Error).message).toBe('451 try later <[email]>');
    expect(job.updateData).not.toHaveBeenCalled();
    expect(logs).toHaveLength(1);
    expect(logs[0].level).toBe('warn');
    expect(logs[0].line).toContain('"attempt":2');
    expect(logs[0].line).not.toContain('123456');
  });

  it('the last attempt is an error, and the job keeps no text for the failed set', async () => {
    mail.send.mockRejectedValue(new Error('connect ECONNREFUSED'));
    const job = jobAt(5);
    await expect(worker.process(job)).rejects.toThrow('connect ECONNREFUSED');
    expect(job.updateData).toHaveBeenCalledWith({
      channel: 'mail',
      message: { to: 'member@example.com', subject: 'رمز التحقق', text: '[redacted]' },
    });
    expect(logs.map((l) => l.level)).toEqual(['error']);
    expect(logs[0].line).not.toContain('123456');
  });

  it('a refusal another attempt cannot fix fails the job at once (UnrecoverableError)', async () => {
    telegram.sendMessage.mockRejectedValue(new TelegramApiError('Telegram sendMessage refused: Forbidden', true));
    const job = jobAt(1, { channel: 'telegram', chatId: '42', text: 'رمزك 123456' });
    await expect(worker.process(job)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(job.updateData).toHaveBeenCalledWith({ channel: 'telegram', chatId: '42', text: '[redacted]' });
    expect(logs.map((l) => l.level)).toEqual(['error']);
  });

  it('a push whose devices all took it completes; one that some devices must retry keeps only those for the retry', async () => {
    const payload = { title: 'تم تجاوز مزايدتك', body: 'السعر الآن 120.000 د.أ', url: '/auction/a', tag: 'mazad-n' };
    await worker.process(jobAt(1, { channel: 'push', userId: 'u', payload }));
    expect(push.send).toHaveBeenCalledWith('u', payload, undefined);

    push.send.mockResolvedValue(['https://push.example/b']);
    const job = jobAt(1, { channel: 'push', userId: 'u', payload });
    const thrown = await worker.process(job).catch((err: unknown) => err);
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(UnrecoverableError);
    expect(job.updateData).toHaveBeenCalledWith({
      channel: 'push',
      userId: 'u',
      payload,
      endpoints: ['https://push.example/b'],
    });
    expect(logs.map((l) => l.level)).toEqual(['warn']);
    expect(logs[0].line).not.toContain('120.000');
  });
});
