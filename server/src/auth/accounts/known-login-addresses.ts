import { Injectable } from '@nestjs/common';
import { RedisService } from '../../infrastructure/redis/redis.service';
import { AuthKeys, hmacHex } from '../auth-keys';

/** How long a client address stays known for an email after a successful login there. */
export const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;

/**
 * The client addresses each email has signed in from (member or admin login) in the last 30
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

  async has(email: string, ip: string): Promise<boolean> {
    return (await this.redis.client.exists(this.key(email, ip))) === 1;
  }

  async remember(email: string, ip: string): Promise<void> {
    await this.redis.client.set(this.key(email, ip), '1', 'EX', KNOWN_ADDRESS_SECONDS);
  }

  private key(email: string, ip: string): string {
    return this.redis.key('login-known', hmacHex(this.keys.identifiers, `${email}\n${ip}`).slice(0, 32));
  }
}
