import { Injectable } from '@nestjs/common';
import { RedisService } from '../../infrastructure/redis/redis.service';
import { AuthKeys } from '../auth-keys';

/** How long a client address stays known for an email after a successful login there. */
export const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;

/**
 * The client addresses each email has signed in from (member login, console login or the console session) in the last 30
 * days. Failed logins from a known address do not count towards the email's ceiling, nor are
 * they stopped by it, so guesses from elsewhere cannot lock the owner out where they usually sign
 * in (docs/adr/0010-login-lockout-per-address.md). Redis keys carry an HMAC of the email, never
 * the address itself; losing them only makes the owner's addresses unknown again (the safe side).
 */
@Injectable()
export class KnownLoginAddresses {
  constructor(
    private readonly redis: RedisService,
    private readonly keys: AuthKeys,
  ) {}

  /**
   * Known under the current secret's name or, during a JWT_SECRET rotation, the previous one's:
   * a rotation must not make every owner's addresses unknown at once, which would let strangers
   * spend the ceiling and shut owners out where they sign in. (A success remembers the address
   * under the current name, so an owner who signs in during the rotation stays known after it.)
   */
  async has(email: string, ip: string): Promise<boolean> {
    return (await this.redis.client.exists(...this.names(email, ip))) > 0;
  }

  async remember(email: string, ip: string): Promise<void> {
    await this.redis.client.set(this.names(email, ip)[0], '1', 'EX', KNOWN_ADDRESS_SECONDS);
  }

  /** The record's names: the current secret's first. */
  private names(email: string, ip: string): string[] {
    return this.keys.identifiers.hmacs(`${email}\n${ip}`).map((hex) => this.redis.key('login-known', hex.slice(0, 32)));
  }
}
