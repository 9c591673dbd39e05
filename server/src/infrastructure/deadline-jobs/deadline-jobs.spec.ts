import { Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { DelayedError, type Job, type Queue } from 'bullmq';
import {
  type DeadlineJobData,
  DeadlineJobs,
  type PendingDeadline,
  SWEEP_GRACE_SECONDS,
  SWEEP_LIMIT,
} from './deadline-jobs';
import { QUEUES } from '../queues/queue-registry';
import { AppConfig } from '../../config/app-config';
import { WorkerRole } from '../roles/worker-role';

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
    // A deadline queue of the registry: its job name, id scheme and sweep period are the jobs'.
    name: QUEUES.auctionEnd.name,
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
      'test',
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
  // Nest injects them as properties (see DeadlineJobs.queueMetrics).
  const queueMetrics = { startedLate: jest.fn() };
  const queueWorkers = { register: jest.fn() };
  Object.assign(deadlines, { queueMetrics, queueWorkers });
  return { jobs, queue, deadlines, queueMetrics, queueWorkers };
}

const fakeJob = (auctionId: string) =>
  ({ data: { auctionId }, moveToDelayed: jest.fn(async () => {}) }) as unknown as Job<DeadlineJobData> & {
    moveToDelayed: jest.Mock;
  };

describe('DeadlineJobs', () => {
  beforeAll(() => Logger.overrideLogger(false));
  afterEach(() => jest.useRealTimers());

  describe('schedule and cancel', () => {
    it("keeps one job per auction under its stable id (the registry's scheme), with the delay to the deadline", async () => {
      const { jobs, queue, deadlines } = setup();
      await deadlines.schedule('a1', new Date(Date.now() + 60_000));
      await deadlines.schedule('a1', new Date(Date.now() + 60_000));
      expect([...jobs.keys()]).toEqual(['end-a1']);
      expect(jobs.get('end-a1')!.data).toEqual({ auctionId: 'a1' });
      expect(jobs.get('end-a1')!.delay).toBeGreaterThan(59_000);
      // Retries and what Redis keeps are the queue's default job options (queue-registry.spec).
      expect(queue.add).toHaveBeenCalledWith(
        'end',
        { auctionId: 'a1' },
        { jobId: 'end-a1', delay: expect.any(Number) },
      );
    });

    it('re-times a waiting job when the deadline moves (earlier or later)', async () => {
      const { jobs, deadlines } = setup();
      await deadlines.schedule('a1', new Date(Date.now() + 60_000));
      await deadlines.schedule('a1', new Date(Date.now() + 5_000));
      expect(jobs.get('end-a1')!.delay).toBeLessThanOrEqual(5_000);
      expect(jobs.get('end-a1')!.delay).toBeGreaterThan(4_000);
    });

    it('a deadline already passed is a job due now', async () => {
      const { jobs, deadlines } = setup();
      await deadlines.schedule('a1', new Date(Date.now() - 1_000));
      expect(jobs.get('end-a1')!.delay).toBe(0);
    });

    it('cancel drops a waiting job but leaves a running one (it finds nothing to do)', async () => {
      const { jobs, deadlines } = setup();
      await deadlines.schedule('a1', new Date(Date.now() + 60_000));
      await deadlines.schedule('a2', new Date(Date.now() + 60_000));
      jobs.get('end-a2')!.state = 'active';
      await deadlines.cancel('a1');
      await deadlines.cancel('a2');
      await deadlines.cancel('none');
      expect([...jobs.keys()]).toEqual(['end-a2']);
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
      expect(queueMetrics.startedLate).toHaveBeenCalledWith('auction-end', 1.25);
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
      expect([...jobs.keys()]).toEqual(['end-soon']);
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

    it("sweeps every interval of its queue's registry row from start-up until the module is destroyed", async () => {
      jest.useFakeTimers();
      const { deadlines } = setup();
      const sweep = jest.spyOn(deadlines, 'sweep').mockResolvedValue();
      await deadlines.onApplicationBootstrap();
      await jest.advanceTimersByTimeAsync(QUEUES.auctionEnd.sweepIntervalMs * 2.5);
      expect(sweep).toHaveBeenCalledTimes(2);
      deadlines.onModuleDestroy();
      await jest.advanceTimersByTimeAsync(QUEUES.auctionEnd.sweepIntervalMs * 5);
      expect(sweep).toHaveBeenCalledTimes(2);
    });
  });

  describe('the worker', () => {
    it('registers its processor with the worker base, which reports no delays for it (process() does)', async () => {
      const { deadlines, queue, queueWorkers } = setup();
      const process = jest.spyOn(deadlines, 'process').mockResolvedValue();
      deadlines.onModuleInit();
      expect(queueWorkers.register).toHaveBeenCalledWith(queue, expect.any(Function), {
        logger: expect.anything(),
        label: 'test',
        delays: 'reported',
      });
      const job = fakeJob('a1');
      await queueWorkers.register.mock.calls[0][1](job, 'token');
      expect(process).toHaveBeenCalledWith(job, 'token');
    });

    it('a process without the worker role schedules jobs but neither reconciles nor sweeps', async () => {
      jest.useFakeTimers();
      const { jobs, deadlines } = setup('api,gateway');
      const reconcile = jest.spyOn(deadlines, 'reconcile');
      const sweep = jest.spyOn(deadlines, 'sweep');
      deadlines.remaining.set('late', -60_000);
      deadlines.onModuleInit();
      await deadlines.onApplicationBootstrap();
      await jest.advanceTimersByTimeAsync(QUEUES.auctionEnd.sweepIntervalMs * 2);
      expect(reconcile).not.toHaveBeenCalled();
      expect(sweep).not.toHaveBeenCalled();
      expect(deadlines.ran).toEqual([]);
      await deadlines.schedule('a1', new Date(Date.now() + 60_000));
      expect([...jobs.keys()]).toEqual(['end-a1']);
      deadlines.onModuleDestroy();
    });

    it('a queue that is not in the registry is refused at construction', () => {
      const { queue } = fakeQueue();
      Object.assign(queue, { name: 'not-a-queue' });
      expect(() => new TestJobs(queue, 'worker')).toThrow(/not in the queue registry/);
    });
  });
});
