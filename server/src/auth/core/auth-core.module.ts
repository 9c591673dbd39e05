import { Global, Module } from '@nestjs/common';
import { JwtModule, JwtModuleOptions } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config';
import { UserEntity } from '../../users/entities/user.entity';
import { AdminGuard, JwtAuthGuard, OptionalJwtAuthGuard } from './guards';
import { RevokedTokensPruner } from './revoked-tokens.pruner';
import { jwtKey, TokenService } from './token.service';

/**
 * How tokens are signed: JWT_SECRET, HS256. (TokenService also verifies with JWT_PREVIOUS_SECRET
 * during a rotation, passing that key explicitly.)
 */
export function jwtModuleOptions(config: AppConfig): JwtModuleOptions {
  return {
    // A KeyObject, not the string: given a string, jsonwebtoken first tries (and fails) to parse it
    // as a PEM public key on every verification, which dominated the bid path's CPU.
    secret: jwtKey(config.jwtSecret) as unknown as string,
    signOptions: { expiresIn: config.jwtExpiresInSeconds, algorithm: 'HS256' },
    verifyOptions: { algorithms: ['HS256'] },
  };
}

/** Token issuing and checking, shared by every module (HTTP guards and the socket gateway). */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([UserEntity]),
    JwtModule.registerAsync({ inject: [AppConfig], useFactory: jwtModuleOptions }),
  ],
  providers: [TokenService, RevokedTokensPruner, JwtAuthGuard, OptionalJwtAuthGuard, AdminGuard],
  exports: [TokenService, JwtAuthGuard, OptionalJwtAuthGuard, AdminGuard, JwtModule],
})
export class AuthCoreModule {}
