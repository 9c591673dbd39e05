import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { InjectRepository } from '@nestjs/typeorm';
import type { PublicUser, User } from '@mazad/contracts';
import { Repository } from 'typeorm';
import { AppException } from '../../../common/errors/app.exception';
import { UserEntity } from '../../entities/user.entity';
import { toPublicUser, toUser } from '../../user.presenter';
import { GetUserQuery } from './get-user.query';

/**
 * Public fields for everyone. Contact details (email, phone) and flags only for the owner and
 * for an admin session (an admin-login token, as the admin API requires).
 */
@QueryHandler(GetUserQuery)
export class GetUserHandler implements IQueryHandler<GetUserQuery, PublicUser | User> {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  async execute({ id, viewer }: GetUserQuery): Promise<PublicUser | User> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw new AppException('USER_NOT_FOUND');
    const privileged = viewer && (viewer.id === user.id || (viewer.isAdmin && viewer.adminSession));
    return privileged ? toUser(user) : toPublicUser(user);
  }
}
