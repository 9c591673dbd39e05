import { Injectable, Logger, Module, OnModuleInit } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type Queue, Worker } from 'bullmq';
import { QueueMetrics } from '../metrics/queue-metrics';
import { WorkerRole } from '../roles/worker-role';
import { QUEUE_SPECS, QUEUES } from './queue-registry';
import { QueueWorkers, WORKER_CLOSE_TIMEOUT_MS } from './queue-worker';

jest.mock('bullmq', () => ({ ...jest.requireActual('bullmq'), Worker: jest.fn() }));
const WorkerMock = Worker as unknown as jest.Mock;

/** A queue as QueuesModule makes it: its name, connection and prefix. */
const fakeQueue = (name: string) =>
  ({ name, opts: { connection: { url: 'redis://test' }, prefix: 'test:bull' } }) as unknown as Queue;

const role = (active: boolean) => ({ active }) as WorkerRole;

describe('QueueWorkers, the base of every worker', () => {
  const logger = new Logger('test');
  let workers: { on: jest.Mock; close: jest.Mock; name: string }[];
  let metrics: { watchWorker: jest.Mock };

  beforeEach(() => {
    workers = [];
    WorkerMock.mockReset().mockImplementation((name: string) => {
      const worker = { name, on: jest.fn(), close: jest.fn(async () => {}) };
      workers.push(worker);
      return worker;
    });
    metrics = { watchWorker: jest.fn() };
    jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.useRealTimers());

  /** The base with every queue of the registry registered (the processor a no-op). */
  function everyQueueRegistered(active = true) {
    const base = new QueueWorkers(role(active), metrics as unknown as QueueMetrics);
    for (const spec of QUEUE_SPECS)
      base.register(fakeQueue(spec.name), async () => undefined, { logger, label: 'Test' });
    return base;
  }

  it('a worker process runs each queue with its connection, prefix and the registry’s concurrency and limiter', () => {
    const base = everyQueueRegistered();
    base.onApplicationBootstrap();
    expect(WorkerMock).toHaveBeenCalledTimes(QUEUE_SPECS.length);
    expect(WorkerMock).toHaveBeenCalledWith(QUEUES.auctionEnd.name, expect.any(Function), {
      connection: { url: 'redis://test' },
      prefix: 'test:bull',
      concurrency: 10,
    });
    expect(WorkerMock).toHaveBeenCalledWith(QUEUES.noticesTelegram.name, expect.any(Function), {
      connection: { url: 'redis://test' },
      prefix: 'test:bull',
      concurrency: 5,
      limiter: { max: 1, duration: 40 },
    });
  });

  it('a process without the worker role runs none (its jobs wait for a worker process)', () => {
    const base = everyQueueRegistered(false);
    base.onApplicationBootstrap();
    expect(WorkerMock).not.toHaveBeenCalled();
  });

  it('hands the processor to BullMQ and the worker to the queue metrics, first-start delays by default', async () => {
    const base = new QueueWorkers(role(true), metrics as unknown as QueueMetrics);
    const process = jest.fn(async () => 'done');
    for (const spec of QUEUE_SPECS)
      base.register(fakeQueue(spec.name), spec === QUEUES.auctionEnd ? process : async () => undefined, {
        logger,
        label: 'Test',
        delays: spec === QUEUES.auctionEnd ? 'reported' : undefined,
      });
    base.onApplicationBootstrap();
    const end = WorkerMock.mock.calls.findIndex(([name]) => name === QUEUES.auctionEnd.name);
    await WorkerMock.mock.calls[end][1]('job', 'token');
    expect(process).toHaveBeenCalledWith('job', 'token');
    expect(metrics.watchWorker).toHaveBeenCalledWith(workers[end], 'reported');
    expect(metrics.watchWorker).toHaveBeenCalledWith(workers[end + 1], undefined);
  });

  it('listens for errors (without a listener a dropped Redis connection crashes the process), logging the queue', () => {
    const base = everyQueueRegistered();
    base.onApplicationBootstrap();
    const worker = workers[0];
    const [event, listener] = worker.on.mock.calls.find(([name]) => name === 'error')!;
    expect(event).toBe('error');
    const err = new Error('connection lost');
    listener(err);
    expect(logger.warn).toHaveBeenCalledWith(
      { err, queue: worker.name },
      'Test worker error (BullMQ reconnects by itself)',
    );
  });

  it('adds the owner’s own failure listener when it has one', () => {
    const base = new QueueWorkers(role(true), metrics as unknown as QueueMetrics);
    const onFailed = jest.fn();
    for (const spec of QUEUE_SPECS)
      base.register(fakeQueue(spec.name), async () => undefined, { logger, label: 'T', onFailed });
    base.onApplicationBootstrap();
    for (const worker of workers) expect(worker.on).toHaveBeenCalledWith('failed', onFailed);
  });

  it('closes every worker at shutdown', async () => {
    const base = everyQueueRegistered();
    base.onApplicationBootstrap();
    await base.onModuleDestroy();
    for (const worker of workers) expect(worker.close).toHaveBeenCalledTimes(1);
  });

  it('a close that never ends (Redis cut) does not hold the shutdown past its bound', async () => {
    jest.useFakeTimers();
    const base = everyQueueRegistered();
    base.onApplicationBootstrap();
    workers[0].close.mockReturnValue(new Promise(() => {}));
    let done = false;
    const closing = base.onModuleDestroy().then(() => (done = true));
    await jest.advanceTimersByTimeAsync(WORKER_CLOSE_TIMEOUT_MS - 1);
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await closing;
    expect(done).toBe(true);
    expect(logger.warn).toHaveBeenCalledWith(`Test (${workers[0].name}) worker did not close in time; left behind`);
  });

  it('refuses a worker for a queue the registry does not have, and a second worker for one queue', () => {
    const base = new QueueWorkers(role(true), metrics as unknown as QueueMetrics);
    expect(() => base.register(fakeQueue('reports'), async () => undefined, { logger, label: 'T' })).toThrow(
      'BullMQ queue "reports" is not in the queue registry',
    );
    base.register(fakeQueue('auction-end'), async () => undefined, { logger, label: 'T' });
    expect(() => base.register(fakeQueue('auction-end'), async () => undefined, { logger, label: 'T' })).toThrow(
      'BullMQ queue "auction-end" has two workers registered',
    );
  });

  describe('start-up', () => {
    /** Registers a worker for the end queue only, as a feature would. */
    @Injectable()
    class OnlyTheEnd implements OnModuleInit {
      constructor(private readonly base: QueueWorkers) {}
      onModuleInit() {
        this.base.register(fakeQueue(QUEUES.auctionEnd.name), async () => undefined, { logger, label: 'End' });
      }
    }

    it('fails, naming the queues, when a queue of the registry has no worker; and starts none', async () => {
      @Module({
        providers: [
          QueueWorkers,
          OnlyTheEnd,
          { provide: WorkerRole, useValue: role(true) },
          { provide: QueueMetrics, useValue: metrics },
        ],
      })
      class TestModule {}
      const unworked = QUEUE_SPECS.filter((q) => q !== QUEUES.auctionEnd).map((q) => q.name);
      await expect(
        NestFactory.createApplicationContext(TestModule, { logger: false, abortOnError: false }),
      ).rejects.toThrow(`BullMQ queue(s) without a worker: ${unworked.join(', ')}`);
      expect(WorkerMock).not.toHaveBeenCalled();
    });
  });
});
