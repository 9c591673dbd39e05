import { firstStartDelaySeconds } from './queue-metrics';

describe('the start delay of a job (mazad_queue_job_delay_seconds)', () => {
  const due = 1_000_000;

  it('is its first start minus when it was due (created + delay)', () => {
    const job = { timestamp: due - 5_000, delay: 5_000, processedOn: due + 250, attemptsStarted: 1 };
    expect(firstStartDelaySeconds(job)).toBe(0.25);
  });

  it('is never negative (a worker clock slightly behind the producer’s)', () => {
    expect(firstStartDelaySeconds({ timestamp: due, delay: 0, processedOn: due - 3, attemptsStarted: 1 })).toBe(0);
  });

  it('is not known for a later start: BullMQ then counts the delay from the retry, the timestamp from creation', () => {
    expect(
      firstStartDelaySeconds({ timestamp: due, delay: 2_000, processedOn: due + 60_000, attemptsStarted: 2 }),
    ).toBe(null);
  });
});
