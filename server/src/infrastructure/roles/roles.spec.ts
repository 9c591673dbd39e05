import { Logger } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { AppConfig } from '../../config/app-config';
import { servedWithoutApi } from './api-role';
import { WorkerRole } from './worker-role';

const configWith = (roles: string) =>
  AppConfig.fromEnvironment({ JWT_SECRET: 'unit-test-secret-that-is-long-enough-0123456789', MAZAD_ROLES: roles });

describe('process roles', () => {
  beforeAll(() => Logger.overrideLogger(false));

  describe('what a process without the api role still serves', () => {
    it.each(['/api/health', '/api/health/', '/api/health/live', '/api/health/ready', '/API/Health', '/api/time'])(
      '%s',
      (path) => expect(servedWithoutApi(path)).toBe(true),
    );

    it.each([
      '/api/auctions',
      '/api/healthy',
      '/api/timeline',
      '/',
      '/admin',
      '/uploads/a.webp',
      '/api/docs',
      '/health',
    ])('not %s', (path) => expect(servedWithoutApi(path)).toBe(false));
  });

  describe('WorkerRole', () => {
    afterEach(() => jest.useRealTimers());

    it('is active when MAZAD_ROLES has worker, and by default (one process does everything)', () => {
      const registry = new SchedulerRegistry();
      expect(new WorkerRole(configWith('worker'), registry).active).toBe(true);
      expect(new WorkerRole(configWith('api,gateway,worker'), registry).active).toBe(true);
      expect(new WorkerRole(configWith('api,gateway'), registry).active).toBe(false);
      expect(new WorkerRole(configWith('gateway'), registry).active).toBe(false);
    });

    it('runs a periodic task in a worker, under its name in the registry, until stopped', async () => {
      jest.useFakeTimers();
      const registry = new SchedulerRegistry();
      const task = jest.fn(async () => undefined);
      const stop = new WorkerRole(configWith('worker'), registry).every('sweep', 1_000, task);
      await jest.advanceTimersByTimeAsync(2_500);
      expect(task).toHaveBeenCalledTimes(2);
      expect(registry.getIntervals()).toEqual(['sweep']);
      stop();
      await jest.advanceTimersByTimeAsync(5_000);
      expect(task).toHaveBeenCalledTimes(2);
      expect(registry.getIntervals()).toEqual([]);
    });

    it('a failing task is reported and runs again next period', async () => {
      jest.useFakeTimers();
      const task = jest.fn(async () => Promise.reject(new Error('database down')));
      new WorkerRole(configWith('worker'), new SchedulerRegistry()).every('sweep', 1_000, task);
      await jest.advanceTimersByTimeAsync(2_000);
      expect(task).toHaveBeenCalledTimes(2);
    });

    it('runs nothing in a process without the worker role', async () => {
      jest.useFakeTimers();
      const registry = new SchedulerRegistry();
      const task = jest.fn(async () => undefined);
      new WorkerRole(configWith('api,gateway'), registry).every('sweep', 1_000, task);
      await jest.advanceTimersByTimeAsync(5_000);
      expect(task).not.toHaveBeenCalled();
      expect(registry.getIntervals()).toEqual([]);
    });
  });
});
