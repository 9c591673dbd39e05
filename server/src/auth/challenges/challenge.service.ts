import { Injectable } from '@nestjs/common';
import { LIMITS, type Challenge } from '@mazad/contracts';
import { randomUUID } from 'node:crypto';
import { RedisService } from '../../infrastructure/redis/redis.service';
import { generateArithmeticChallenge } from './arithmetic-challenge';

/**
 * Anti-bot arithmetic challenges: issued with a random id, kept in Redis for 10 minutes,
 * single-use (taken with GETDEL whether the answer is right or not).
 */
@Injectable()
export class ChallengeService {
  constructor(private readonly redis: RedisService) {}

  key(challengeId: string): string {
    return this.redis.key('challenge', challengeId);
  }

  async create(): Promise<Challenge> {
    const { question, answer } = generateArithmeticChallenge();
    const challengeId = randomUUID();
    await this.redis.client.set(this.key(challengeId), String(answer), 'EX', LIMITS.challengeTtlSeconds);
    return { challengeId, question };
  }

  /** True when the challenge exists, has not been used and the answer is right. Uses it up. */
  async solve(challengeId: string, answer: number): Promise<boolean> {
    const expected = await this.redis.client.getdel(this.key(challengeId));
    return expected !== null && Number(expected) === answer;
  }
}
