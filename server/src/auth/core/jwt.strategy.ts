import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AppConfig } from '../../config/app-config';
import { AppException } from '../../common/errors/app.exception';
import { AuthUser, TokenClaims } from './auth-user';
import { jwtKey, TokenService } from './token.service';

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: AppConfig,
    private readonly tokens: TokenService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to
      // parse it as a PEM public key on every request, which dominated the bid path's CPU.
      secretOrKey: jwtKey(config.jwtSecret) as unknown as string,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(claims: TokenClaims): Promise<AuthUser> {
    const user = await this.tokens.resolve(claims);
    if (!user) throw new AppException('TOKEN_INVALID');
    return user;
  }
}
