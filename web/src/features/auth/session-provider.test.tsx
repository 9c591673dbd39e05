import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, renderWithApp } from '@/testing/test-utils';
import { useSession } from './hooks/use-session';

function SessionProbe() {
  const { loading, isAuthenticated, user } = useSession();
  if (loading) return <p>checking</p>;
  return <p>{isAuthenticated ? `signed in: ${user?.name}` : 'signed out'}</p>;
}

const member = makeUser({ name: 'ليلى' });

describe('the start-up session check', () => {
  it('keeps the token when the check is aborted (the page is reloading or leaving)', async () => {
    renderWithApp(<SessionProbe />, {
      user: member,
      api: {
        'GET /api/auth/me': () => {
          throw new DOMException('The user aborted a request.', 'AbortError');
        },
      },
    });
    expect(await screen.findByText('signed in: ليلى')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('test-token');
    expect(localStorage.getItem('user')).not.toBeNull();
  });

  it('keeps the token when the server fails (5xx) or cannot be reached', async () => {
    renderWithApp(<SessionProbe />, {
      user: member,
      api: { 'GET /api/auth/me': () => ({ status: 503, body: { statusCode: 503, message: 'غير متاح' } }) },
    });
    expect(await screen.findByText('signed in: ليلى')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('test-token');
  });

  it('ends the session on a 401', async () => {
    renderWithApp(<SessionProbe />, {
      user: member,
      api: {
        'GET /api/auth/me': () => ({
          status: 401,
          body: { statusCode: 401, code: 'TOKEN_INVALID', message: 'انتهت صلاحية الجلسة' },
        }),
      },
    });
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('ends the session when the account is gone (404)', async () => {
    renderWithApp(<SessionProbe />, {
      user: member,
      api: {
        'GET /api/auth/me': () => ({
          status: 404,
          body: { statusCode: 404, code: 'USER_NOT_FOUND', message: 'المستخدم غير موجود' },
        }),
      },
    });
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
