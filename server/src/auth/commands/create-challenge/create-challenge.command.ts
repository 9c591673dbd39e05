import { Command } from '@nestjs/cqrs';
import type { Challenge } from '@mazad/contracts';

/** Issues an anti-bot arithmetic challenge (GET /api/auth/challenge). */
export class CreateChallengeCommand extends Command<Challenge> {}
