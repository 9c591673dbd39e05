import { Command } from '@nestjs/cqrs';
import type { RegisterResult } from '@mazad/contracts';
import type { RegisterDto } from '../../dto/register.dto';

/** Creates an unverified member account (POST /api/auth/register). */
export class RegisterUserCommand extends Command<RegisterResult> {
  constructor(
    readonly input: RegisterDto,
    readonly ip: string,
  ) {
    super();
  }
}
