import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { deploymentIdentity } from '../database/deployment-identity';
import { RedisService } from './redis.service';

/** How long a starting process listens for the others' answers (only when others listen). */
export const PRESENCE_ANSWER_WAIT_MS = 3_000;
/** How long a starting process waits for Redis to take its announcement before starting unchecked. */
const PRESENCE_REDIS_WAIT_MS = 5_000;

/** What a process says on its prefix's presence channel. */
interface Announcement {
  /** `hello`: starting; `here`: running, in answer to a hello. */
  type: 'hello' | 'here';
  /** The deployment's identity (its database's deployment_identity). */
  deployment: string;
  /** This process (a random id: several processes may share a host name and a pid in containers). */
  process: string;
  host: string;
  pid: number;
}

function parseAnnouncement(text: string): Announcement | undefined {
  try {
    const a = JSON.parse(text) as Partial<Announcement>;
    const ok =
      (a.type === 'hello' || a.type === 'here') &&
      typeof a.deployment === 'string' &&
      typeof a.process === 'string' &&
      typeof a.host === 'string' &&
      typeof a.pid === 'number';
    return ok ? (a as Announcement) : undefined;
  } catch {
    return undefined;
  }
}

/** Raised when another deployment uses this one's Redis prefix: the process does not start. */
export class DeploymentConflictError extends Error {}

/**
 * One deployment per Redis prefix (docs/operations.md, "Several deployments on one Redis").
 * Redis pub/sub ignores the database number, so two deployments on one Redis server with the
 * same REDIS_PREFIX (staging on database 1, production on 0) would hear each other's Socket.IO
 * broadcasts: new auctions, prices, ends. Every process therefore announces its deployment's
 * identity (a random id stored once in its PostgreSQL database) on `<prefix>:presence` as it
 * starts, and answers the announcements it hears there:
 * - a starting process that hears another deployment's identity refuses to start, with a log
 *   line naming the prefix and what to set;
 * - a running process that hears one logs the same as an error (the newcomer stops).
 * Processes of the same deployment (replicas, roles) share the identity and start as before; a
 * process alone on its prefix (Redis counts the listeners) does not wait at all.
 */
@Injectable()
export class DeploymentPresence implements OnModuleInit {
  private readonly logger = new Logger(DeploymentPresence.name);
  private readonly process = randomUUID();
  private deployment = '';
  private subscriber?: Redis;
  private started = false;

  constructor(
    private readonly redis: RedisService,
    private readonly config: AppConfig,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  private get channel(): string {
    return this.redis.key('presence');
  }

  async onModuleInit(): Promise<void> {
    this.deployment = await deploymentIdentity(this.db);
    const heard = new Map<string, Announcement>();
    let wake = () => {};
    this.subscriber = this.redis.connect('presence');
    this.subscriber.on('message', (_channel: string, text: string) => {
      const announcement = parseAnnouncement(text);
      if (!announcement || announcement.process === this.process) return;
      if (announcement.type === 'hello') this.announce('here');
      if (this.started) {
        if (announcement.deployment !== this.deployment) this.logger.error(this.conflict(announcement, 'running'));
        return;
      }
      heard.set(announcement.process, announcement);
      wake();
    });

    const listeners = await this.joinChannel();
    if (listeners === undefined) {
      this.logger.warn(
        `Redis did not answer within ${PRESENCE_REDIS_WAIT_MS} ms: started without checking that no other deployment uses the prefix "${this.config.redisPrefix}"`,
      );
    } else {
      // Every other listener answers: wait for them all, or for the deadline.
      const deadline = Date.now() + PRESENCE_ANSWER_WAIT_MS;
      while (heard.size < listeners - 1 && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, Math.max(0, deadline - Date.now())).unref();
        });
      }
    }
    const foreign = [...heard.values()].find((a) => a.deployment !== this.deployment);
    if (foreign) {
      const message = this.conflict(foreign, 'starting');
      this.logger.fatal(message);
      throw new DeploymentConflictError(message);
    }
    this.started = true;
  }

  /** Subscribes and says hello; answers how many listen on the channel (this process included). */
  private async joinChannel(): Promise<number | undefined> {
    const join = async () => {
      await this.subscriber!.subscribe(this.channel);
      return this.redis.client.publish(this.channel, JSON.stringify(this.announcement('hello')));
    };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), PRESENCE_REDIS_WAIT_MS);
    });
    try {
      return await Promise.race([join(), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private announcement(type: Announcement['type']): Announcement {
    return { type, deployment: this.deployment, process: this.process, host: hostname(), pid: process.pid };
  }

  private announce(type: Announcement['type']) {
    this.redis.client
      .publish(this.channel, JSON.stringify(this.announcement(type)))
      .catch((err: unknown) => this.logger.warn({ err }, 'Could not answer on the presence channel'));
  }

  private conflict(other: Announcement, phase: 'starting' | 'running'): string {
    const prefix = this.config.redisPrefix;
    const who = `deployment ${other.deployment}, process ${other.pid} on ${other.host}`;
    const consequence =
      phase === 'starting'
        ? 'This process does not start'
        : 'That process was told to stop; until it does, live events cross between the two';
    return (
      `Another deployment (${who}) uses the Redis prefix "${prefix}" on this Redis server; this deployment is ` +
      `${this.deployment}. Redis pub/sub ignores the database number, so the two would receive each other's ` +
      `live events. ${consequence}. Give each deployment its own REDIS_PREFIX (for example REDIS_PREFIX=${prefix}-staging), ` +
      'or leave REDIS_PREFIX unset and give each its own Redis database number in REDIS_URL (the default prefix ' +
      'follows it). See docs/operations.md, "Several deployments on one Redis".'
    );
  }
}
