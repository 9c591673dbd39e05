import { Injectable } from '@nestjs/common';
import { AuthKeys } from '../auth-keys';
import { resetHandleFor } from './reset-handle';

/** Reset handles for emails (see resetHandleFor and docs/adr/0003-password-reset.md). */
@Injectable()
export class ResetHandles {
  constructor(private readonly keys: AuthKeys) {}

  for(email: string): string {
    return resetHandleFor(email, this.keys.resetHandles);
  }
}
