import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Job, Queue, UnrecoverableError, Worker } from 'bullmq';
import { failureIsPermanent } from '../../../infrastructure/deliveries/delivery-job';
import { QueueMetrics } from '../../../infrastructure/metrics/queue-metrics';
import { closeWorker } from '../../../infrastructure/queues/close-worker';
import { WorkerRole } from '../../../infrastructure/roles/worker-role';
import { TelegramService } from '../../../infrastructure/telegram/telegram.service';
import { TELEGRAM_GLOBAL_LIMIT, TELEGRAM_NOTICES_QUEUE, TelegramNoticeJob } from './telegram-notices.queue';

/**
 * Sends the queued Telegram notices, on worker processes only, under the queue-wide limiter
 * (BullMQ keeps its count in Redis, so it holds across processes). Failures are retried with
 * the deliveries' backoff; a refusal (bot blocked) fails the job at once.
 */
@Injectable()
export class TelegramNoticeWorker implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(TelegramNoticeWorker.name);
  private worker?: Worker<TelegramNoticeJob>;

  constructor(
    private readonly workerRole: WorkerRole,
    private readonly queueMetrics: QueueMetrics,
    @InjectQueue(TELEGRAM_NOTICES_QUEUE) private readonly queue: Queue<TelegramNoticeJob>,
    private readonly telegram: TelegramService,
  ) {}

  onModuleInit(): void {
    if (!this.workerRole.active) return;
    const { connection, prefix } = this.queue.opts;
    this.worker = new Worker<TelegramNoticeJob>(this.queue.name, (job) => this.send(job), {
      connection,
      prefix,
      concurrency: 5,
      limiter: TELEGRAM_GLOBAL_LIMIT,
    });
    this.worker.on('error', (err) => this.logger.warn({ err }, 'Telegram notice worker error (BullMQ reconnects)'));
    this.queueMetrics.watchWorker(this.worker);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.worker) await closeWorker(this.worker, 'Telegram notice', this.logger);
  }

  private async send(job: Job<TelegramNoticeJob>): Promise<void> {
    try {
      await this.telegram.sendMessage(job.data.chatId, job.data.text);
    } catch (err) {
      this.logger.warn({ err, jobId: job.id, attempt: job.attemptsMade + 1 }, 'Telegram notice not sent');
      if (failureIsPermanent(err)) throw new UnrecoverableError((err as Error).message);
      throw err;
    }
  }
}
