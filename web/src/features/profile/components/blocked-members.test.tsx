import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BlockedMember } from '@mazad/contracts';
import { describe, expect, it } from 'vitest';
import { callsTo, renderApp, storeSession } from '@/testing/test-utils';
import { api, user } from '../test-fixtures';

describe('«الأعضاء المحظورون» in the own profile (R-BLOCK)', () => {
  it('lists the blocked members, each linked to their profile, and unblocks one', async () => {
    let blocked: BlockedMember[] = [
      { id: 'b-1', name: 'سالم خليل', profileImage: null, blockedAt: '2026-01-02T10:00:00.000Z' },
      { id: 'b-2', name: 'هند يوسف', profileImage: null, blockedAt: '2026-01-01T10:00:00.000Z' },
    ];
    storeSession(user);
    const fetchMock = api({
      'GET /api/users/me/blocks': () => ({ success: true, members: blocked }),
      'DELETE /api/users/b-1/block': () => {
        blocked = blocked.filter((m) => m.id !== 'b-1');
        return { success: true, message: 'تم إلغاء حظر العضو', userId: 'b-1', blocked: false };
      },
    });
    renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'الأعضاء المحظورون' });
    expect(await within(section).findByRole('link', { name: /سالم خليل/ })).toHaveAttribute('href', '/profile/b-1');
    expect(within(section).getByRole('link', { name: /هند يوسف/ })).toBeInTheDocument();

    fireEvent.click(within(section).getByRole('button', { name: 'إلغاء حظر سالم خليل' }));
    await waitFor(() => expect(within(section).queryByRole('link', { name: /سالم خليل/ })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE /api/users/b-1/block')).toHaveLength(1);
    expect(within(section).getByRole('link', { name: /هند يوسف/ })).toBeInTheDocument();
  });

  it('says so when nobody is blocked', async () => {
    storeSession(user);
    api();
    renderApp('/profile');
    const section = await screen.findByRole('region', { name: 'الأعضاء المحظورون' });
    expect(await within(section).findByText(/لم تحظر أي عضو/)).toBeInTheDocument();
  });
});
