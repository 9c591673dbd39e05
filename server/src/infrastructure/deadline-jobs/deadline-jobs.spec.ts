import { Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { DelayedError, type Job, type Queue, Worker } from 'bullmq';
import {
  type DeadlineJobData,
  DeadlineJobs,
  type PendingDeadline,
  SWEEP_GRACE_SECONDS,
  SWEEP_LIMIT,
} from './deadline-jobs';
import { WORKER_CLOSE_TIMEOUT_MS } from '../queues/close-worker';
import { AppConfig } from '../../config/app-config';
import { WorkerRole } from '../roles/worker-role';

jest.mock('bullmq', () => ({ ...jest.requireActual('bullmq'), Worker: jest.fn() }));

/** A waiting job of the fake queue. */
interface FakeJob {
  data: DeadlineJobData;
  delay: number;
  state: 'delayed' | 'active';
}

/** The queue's few calls the jobs make, over a map of jobs by id. */
function fakeQueue() {
  const jobs = new Map<string, FakeJob>();
  const queue = {
    name: 'deadline-test',
    opts: { connection: { url: 'redis://test' }, prefix: 'test:bull' },
    add: jest.fn(async (_name: string, data: DeadlineJobData, opts: { jobId: string; delay: number }) => {
      if (!jobs.has(opts.jobId)) jobs.set(opts.jobId, { data, delay: opts.delay, state: 'delayed' });
    }),
    getJob: jest.fn(async (id: string) => {
      const job = jobs.get(id);
      return (
        job && {
          isDelayed: async () => job.state === 'delayed',
          isActive: async () => job.state === 'active',
          changeDelay: async (delay: number) => void (job.delay = delay),
          remove: async () => void jobs.delete(id),
        }
      );
    }),
  };
  return { jobs, queue: queue as unknown as Queue<DeadlineJobData> & typeof queue };
}

const SECRET = 'unit-test-secret-that-is-long-enough-0123456789';

/** Deadlines in memory: ms left per auction (absent: nothing waits), what ran. */
class TestJobs extends DeadlineJobs {
  remaining = new Map<string, number>();
  ran: string[] = [];
  failPending = false;

  constructor(queue: Queue<DeadlineJobData>, roles: string) {
    super(
      queue,
      {
        label: 'test',
        jobName: 'fire',
        jobId: (id) => `fire-${id}`,
        concurrency: 3,
        sweepIntervalMs: 1_000,
      },
      new WorkerRole(AppConfig.fromEnvironment({ JWT_SECRET: SECRET, MAZAD_ROLES: roles }), new SchedulerRegistry()),
    );
  }

  protected async remainingMs(id: string) {
    return this.remaining.get(id) ?? null;
  }
  protected async runDue(id: string) {
    if ((this.remaining.get(id) ?? 1) > 0) return false;
    this.ran.push(id);
    this.remaining.delete(id);
    return true;
  }
  protected async pending(): Promise<PendingDeadline[]> {
    if (this.failPending) throw new Error('database down');
    return [...this.remaining].map(([id, ms]) => ({ id, dueAt: new Date(Date.now() + ms), overdue: ms <= 0 }));
  }
  protected async overdue(graceSeconds: number, limit: number) {
    return [...this.remaining]
      .filter(([, ms]) => ms <= -graceSeconds * 1000)
      .map(([id]) => id)
      .slice(0, limit);
  }
}

/** Jobs of a process with these roles (MAZAD_ROLES; every role by default, as one process). */
function setup(roles = 'api,gateway,worker') {
  const { jobs, queue } = fakeQueue();
  const deadlines = new TestJobs(queue, roles);
  // Nest injects it as a property (see DeadlineJobs.queueMetrics).
  const queueMetrics = { watchWorker: jest.fn(), startedLate: jest.fn() };
  Object.assign(deadlines, { queueMetrics });
  return { jobs, queue, deadlines, queueMetrics };
}

const fakeJob = (auctionId: string) =>
  ({ data: { auctionId }, moveToDelayed: jest.fn(async () => {}) }) as unknown as Job<DeadlineJobData> & {
    moveToDelayed: jest.Mock;
  };

describe('DeadlineJobs', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterEach(() => jest.useRealTimers());

  describe('schedule and cancel', () => {
    it('keeps one job per auction under its stable id, with the delay to the deadline', async () => {
      const { jobs, queue, deadlines } = setup();
      await deadlines.schedule('a1', new Date(Date.now() + 60_000));
      await deadlines.schedule('a1', new Date(Date.now() + 60_000));
      expect([...jobs.keys()]).toEqual(['fire-a1']);
      expect(jobs.get('fire-a1')!.data).toEqual({ auctionId: 'a1' });
      expect(jobs.get('fire-a1')!.delay).toBeGreaterThan(59_000);
      expect(queue.add).toHaveBeenCalledWith(
        'fire',
        { auctionId: 'a1' },
        expect.objectContaining({ jobId: 'fire-a1', attempts: 10, removeOnComplete: true }),
      );
    });

    it('re-times a waiting job when the deadline moves (earlier or later)', async () => {
      const { jobs, deadlines } = setup();
      await deadlines.schedule('a1', new Date(Date.now() + 60_000));
      await deadlines.schedule('a1', new Date(Date.now() + 5_000));
      expect(jobs.get('fire-a1')!.delay).toBeLessThanOrEqual(5_000);
      expect(jobs.get('fire-a1')!.delay).toBeGreaterThan(4_000);
    });

    it('a deadline already passed is a job due now', async () => {
      const { jobs, deadlines } = setup();
      await deadlines.schedule('a1', new Date(Date.now() - 1_000));
      expect(jobs.get('fire-a1')!.delay).toBe(0);
    });

    it('cancel drops a waiting job but leaves a running one (it finds nothing to do)', async () => {
      const { jobs, deadlines } = setup();
      await deadlines.schedule('a1', new Date(Date.now() + 60_000));
      await deadlines.schedule('a2', new Date(Date.now() + 60_000));
      jobs.get('fire-a2')!.state = 'active';
      await deadlines.cancel('a1');
      await deadlines.cancel('a2');
      await deadlines.cancel('none');
      expect([...jobs.keys()]).toEqual(['fire-a2']);
    });
  });

  describe('the job at its deadline', () => {
    it('runs what is due once the database says the deadline passed', async () => {
      const { deadlines } = setup();
      deadlines.remaining.set('a1', 0);
      await deadlines.process(fakeJob('a1'));
      expect(deadlines.ran).toEqual(['a1']);
    });

    it('reports how late it ran after the deadline, by the database clock (mazad_queue_job_delay_seconds)', async () => {
      const { deadlines, queueMetrics } = setup();
      deadlines.remaining.set('a1', -1_250);
      await deadlines.process(fakeJob('a1'));
      expect(queueMetrics.startedLate).toHaveBeenCalledWith('deadline-test', 1.25);
      deadlines.remaining.set('a2', 1_000);
      await expect(deadlines.process(fakeJob('a2'))).rejects.toBeInstanceOf(DelayedError);
      expect(queueMetrics.startedLate).toHaveBeenCalledTimes(1); // woke early: not due, not late
    });

    it('waits again, as the same job, while the deadline is ahead (it moved, or the job woke early)', async () => {
      const { deadlines } = setup();
      deadlines.remaining.set('a1', 1_500.2);
      const job = fakeJob('a1');
      const before = Date.now();
      await expect(deadlines.process(job, 'token')).rejects.toBeInstanceOf(DelayedError);
      const [[until, token]] = job.moveToDelayed.mock.calls;
      expect(until - before).toBeGreaterThanOrEqual(1_501);
      expect(token).toBe('token');
      expect(deadlines.ran).toEqual([]);
    });

    it('does nothing when nothing waits for the deadline any more (gone, closed, done)', async () => {
      const { deadlines } = setup();
      const job = fakeJob('gone');
      await deadlines.process(job);
      expect(job.moveToDelayed).not.toHaveBeenCalled();
      expect(deadlines.ran).toEqual([]);
    });
  });

  describe('start-up and sweep', () => {
    it('reconciles at start-up: overdue deadlines run at once, the others get their job again', async () => {
      const { jobs, deadlines } = setup();
      deadlines.remaining.set('late', -10_000).set('soon', 30_000);
      await deadlines.reconcile();
      expect(deadlines.ran).toEqual(['late']);
      expect([...jobs.keys()]).toEqual(['fire-soon']);
    });

    it('a failed reconciliation does not stop the start-up (the sweep catches up)', async () => {
      const { deadlines } = setup();
      deadlines.failPending = true;
      await expect(deadlines.reconcile()).resolves.toBeUndefined();
    });

    it('the sweep runs deadlines past their grace whose job was lost, at most a batch', async () => {
      const { deadlines } = setup();
      const overdue = jest.spyOn(deadlines as unknown as { overdue: TestJobs['overdue'] }, 'overdue');
      deadlines.remaining
        .set('lost', -(SWEEP_GRACE_SECONDS + 1) * 1000)
        .set('just-due', -500)
        .set('ahead', 5_000);
      await deadlines.sweep();
      expect(deadlines.ran).toEqual(['lost']);
      expect(overdue).toHaveBeenCalledWith(SWEEP_GRACE_SECONDS, SWEEP_LIMIT);
    });

    it('sweeps every interval from start-up until the module is destroyed', async () => {
      jest.useFakeTimers();
      const { deadlines } = setup();
      const sweep = jest.spyOn(deadlines, 'sweep').mockResolvedValue();
      await deadlines.onApplicationBootstrap();
      await jest.advanceTimersByTimeAsync(2_500);
      expect(sweep).toHaveBeenCalledTimes(2);
      await deadlines.onModuleDestroy();
      await jest.advanceTimersByTimeAsync(5_000);
      expect(sweep).toHaveBeenCalledTimes(2);
    });
  });

  describe('the worker', () => {
    const WorkerMock = Worker as unknown as jest.Mock;
    let worker: { on: jest.Mock; close: jest.Mock };
    beforeEach(() => {
      worker = { on: jest.fn(), close: jest.fn(async () => {}) };
      WorkerMock.mockReset().mockImplementation(() => worker);
    });

    it('works the queue with its connection, prefix and concurrency, and listens for errors', () => {
      const { deadlines } = setup();
      deadlines.onModuleInit();
      expect(WorkerMock).toHaveBeenCalledWith('deadline-test', expect.any(Function), {
        connection: { url: 'redis://test' },
        prefix: 'test:bull',
        concurrency: 3,
      });
      // Without an error listener a dropped Redis connection would crash the process.
      expect(worker.on).toHaveBeenCalledWith('error', expect.any(Function));
    });

    it('hands its worker to the queue metrics for its failures (its delays it reports itself)', () => {
      const { deadlines, queueMetrics } = setup();
      deadlines.onModuleInit();
      expect(queueMetrics.watchWorker).toHaveBeenCalledWith(worker, 'reported');
    });

    it('closes at shutdown', async () => {
      const { deadlines } = setup();
      deadlines.onModuleInit();
      await deadlines.onModuleDestroy();
      expect(worker.close).toHaveBeenCalledTimes(1);
    });

    it('a process without the worker role schedules jobs but works none, and neither reconciles nor sweeps', async () => {
      jest.useFakeTimers();
      const { jobs, deadlines } = setup('api,gateway');
      const reconcile = jest.spyOn(deadlines, 'reconcile');
      const sweep = jest.spyOn(deadlines, 'sweep');
      deadlines.remaining.set('late', -60_000);
      deadlines.onModuleInit();
      await deadlines.onApplicationBootstrap();
      await jest.advanceTimersByTimeAsync(5_000);
      expect(WorkerMock).not.toHaveBeenCalled();
      expect(reconcile).not.toHaveBeenCalled();
      expect(sweep).not.toHaveBeenCalled();
      expect(deadlines.ran).toEqual([]);
      await deadlines.schedule('a1', new Date(Date.now() + 60_000));
      expect([...jobs.keys()]).toEqual(['fire-a1']);
      await deadlines.onModuleDestroy();
    });

    it('a close that never ends (Redis cut) does not hold the shutdown past its bound', async () => {
      jest.useFakeTimers();
      worker.close.mockReturnValue(new Promise(() => {}));
      const { deadlines } = setup();
      deadlines.onModuleInit();
      let done = false;
      const closing = deadlines.onModuleDestroy().then(() => (done = true));
      await jest.advanceTimersByTimeAsync(WORKER_CLOSE_TIMEOUT_MS - 1);
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await closing;
      expect(done).toBe(true);
    });
  });
});
