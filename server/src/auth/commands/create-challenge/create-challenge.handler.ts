import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { Challenge } from '@mazad/contracts';
import { ChallengeService } from '../../challenges/challenge.service';
import { CreateChallengeCommand } from './create-challenge.command';

@CommandHandler(CreateChallengeCommand)
export class CreateChallengeHandler implements ICommandHandler<CreateChallengeCommand> {
  constructor(private readonly challenges: ChallengeService) {}

  execute(): Promise<Challenge> {
    return this.challenges.create();
  }
}
