import type { User } from '@mazad/contracts';
import { startTransition, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { initialsAvatar } from '@/lib/names';

export const MENU_CLOSE_DELAY_MS = 300;

interface Props {
  user: User;
  isAdmin: boolean;
  onLogout: () => void;
}

/**
 * The signed-in user's menu: opens on hover or click; closes 300 ms after
 * the pointer leaves, on an outside click, on Escape, or when an item is chosen.
 */
export function UserMenu({ user, isAdmin, onLogout }: Props) {
  const navigate = useNavigate();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Hover opens it "loosely"; a click pins it open until the next click or a close reason.
  const [state, setState] = useState<'closed' | 'hover' | 'pinned'>('closed');
  const open = state !== 'closed';

  const cancelClose = useCallback(() => clearTimeout(closeTimer.current), []);
  const close = useCallback(() => {
    cancelClose();
    setState('closed');
  }, [cancelClose]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent | TouchEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('touchstart', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('touchstart', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  useEffect(() => cancelClose, [cancelClose]);

  // A member's own things first: what they bid on, watch and won (the profile's tabs).
  const items: { label: string; to: string }[] = [
    { label: 'الملف الشخصي', to: paths.profile.getHref() },
    { label: 'مزايداتي', to: paths.profile.getHref('bids') },
    { label: 'قائمة المتابعة', to: paths.profile.getHref('watchlist') },
    { label: 'المزادات الفائزة', to: paths.profile.getHref('won') },
    { label: 'مزاداتي الحالية', to: paths.profile.getHref('auctions') },
    { label: 'العناصر غير المباعة', to: paths.profile.getHref('unsold') },
    ...(isAdmin
      ? [
          { label: 'إدارة النظام', to: paths.admin.getHref() },
          { label: 'إدارة الإعلانات', to: paths.bannerManagement.getHref() },
        ]
      : []),
  ];

  const logout = async () => {
    close();
    // Leave first: signing out on a login-required page would make its guard send us to /login.
    // The router commits locations in a transition, so the sign-out goes in one too, after it.
    await navigate(paths.home.getHref());
    startTransition(onLogout);
    toast.success('تم تسجيل الخروج بنجاح');
  };

  return (
    <div
      ref={root}
      className="user-menu"
      onMouseEnter={() => {
        cancelClose();
        setState((s) => (s === 'closed' ? 'hover' : s));
      }}
      onMouseLeave={() => {
        cancelClose();
        closeTimer.current = setTimeout(() => setState('closed'), MENU_CLOSE_DELAY_MS);
      }}
    >
      <button
        type="button"
        className="user-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setState((s) => (s === 'pinned' ? 'closed' : 'pinned'))}
      >
        <img
          className="avatar"
          src={user.profileImage || initialsAvatar(user.name)}
          alt=""
          width={32}
          height={32}
          onError={(e) => {
            e.currentTarget.src = initialsAvatar(user.name);
          }}
        />
        <span className="user-menu__name">{user.name}</span>
        <span className="user-menu__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <ul id={menuId} className="user-menu__list" role="menu" aria-label="قائمة المستخدم">
          {items.map((item) => (
            <li key={item.to} role="none">
              <Link role="menuitem" to={item.to} className="user-menu__item" onClick={close}>
                {item.label}
              </Link>
            </li>
          ))}
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className="user-menu__item user-menu__item--danger"
              onClick={() => void logout()}
            >
              تسجيل الخروج
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
