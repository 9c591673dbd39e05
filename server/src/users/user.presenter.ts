import type { PublicUser, User } from '@mazad/contracts';
import type { UserEntity } from './entities/user.entity';

/** What anyone may see of a member. */
export function toPublicUser(u: UserEntity): PublicUser {
  return {
    _id: u.id,
    id: u.id,
    name: u.name,
    location: u.location,
    profileImage: u.profileImage,
    createdAt: u.createdAt.toISOString(),
  };
}

/** The member's own view (and an admin's). Never includes the hash, codes or secrets. */
export function toUser(u: UserEntity): User {
  return { ...toPublicUser(u), email: u.email, phone: u.phone, isVerified: u.isVerified, isAdmin: u.isAdmin };
}
