import { Global, Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config';
import { UserEntity } from '../../users/entities/user.entity';
import { AdminGuard, JwtAuthGuard, OptionalJwtAuthGuard } from './guards';
import { JwtStrategy } from './jwt.strategy';
import { jwtKey, TokenService } from './token.service';

/** Token issuing and checking, shared by every module (HTTP guards and the socket gateway). */
@Global()
@Module({
  imports: [
    PassportModule,
    TypeOrmModule.forFeature([UserEntity]),
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        // KeyObject rather than string: see JwtStrategy.
        secret: jwtKey(config.jwtSecret) as unknown as string,
        signOptions: { expiresIn: config.jwtExpiresInSeconds, algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  providers: [TokenService, JwtStrategy, JwtAuthGuard, OptionalJwtAuthGuard, AdminGuard],
  exports: [TokenService, JwtAuthGuard, OptionalJwtAuthGuard, AdminGuard, JwtModule],
})
export class AuthCoreModule {}
