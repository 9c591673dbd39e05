import type { Repository } from 'typeorm';
import type { AuthUser } from '../../../auth';
import { AppException } from '../../../common/errors/app.exception';
import type { UserEntity } from '../../entities/user.entity';
import { GetUserHandler } from './get-user.handler';
import { GetUserQuery } from './get-user.query';

const member: UserEntity = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'ليلى',
  email: 'layla@example.com',
  phone: '0790000000',
  location: 'عمّان',
  passwordHash: '$argon2id$secret',
  profileImage: null,
  isVerified: true,
  isAdmin: false,
  registrationSource: 'math_verification',
  loadTest: false,
  telegramChatId: '42',
  tokenVersion: 0,
  deletedAt: null,
  createdAt: new Date('2025-01-01T00:00:00Z'),
  updatedAt: new Date('2025-01-01T00:00:00Z'),
};

const viewer = (fields: Partial<AuthUser>): AuthUser => ({
  id: '22222222-2222-4222-8222-222222222222',
  name: 'x',
  isAdmin: false,
  isVerified: true,
  adminSession: false,
  ...fields,
});

describe('GetUserHandler', () => {
  const repo = { findOneBy: jest.fn() } as unknown as Repository<UserEntity> & { findOneBy: jest.Mock };
  const handler = new GetUserHandler(repo);
  beforeEach(() => repo.findOneBy.mockResolvedValue(member));

  it.each([
    ['a visitor', undefined],
    ['another member', viewer({})],
    ['an admin without an admin session', viewer({ isAdmin: true })],
  ])('gives %s the public fields only', async (_label, who) => {
    const user = await handler.execute(new GetUserQuery(member.id, who));
    expect(Object.keys(user).sort()).toEqual(['_id', 'createdAt', 'id', 'location', 'name', 'profileImage']);
  });

  it.each([
    ['the owner', viewer({ id: member.id })],
    ['an admin session', viewer({ isAdmin: true, adminSession: true })],
  ])('gives %s the contact details, never secrets', async (_label, who) => {
    const user = await handler.execute(new GetUserQuery(member.id, who));
    expect(user).toMatchObject({ email: member.email, phone: member.phone });
    expect(JSON.stringify(user)).not.toMatch(/argon2|telegram|42|tokenVersion/);
  });

  it('answers 404 USER_NOT_FOUND for a missing member', async () => {
    repo.findOneBy.mockResolvedValue(null);
    await expect(handler.execute(new GetUserQuery(member.id))).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
    await expect(handler.execute(new GetUserQuery(member.id))).rejects.toBeInstanceOf(AppException);
  });
});
