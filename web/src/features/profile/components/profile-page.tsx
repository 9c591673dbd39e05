/**
 * /profile: header with back-home, six stat tiles and the archive button; seven tabs whose
 * choice lives in the URL (`?tab=`). A failed load of the profile or its statistics shows the
 * error screen with back-home (and a toast).
 */
import type { User } from '@mazad/contracts';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { useScrollHints } from '@/components/ui/use-scroll-hints';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { useSession } from '@/features/auth';
import { useUser } from '../api/user';
import { useUserStats } from '../api/user-stats';
import { PROFILE_LOAD_ERROR } from '../lib/messages';
import { parseProfileTab, PROFILE_TAB_LABELS, PROFILE_TABS, tabForKey, type ProfileTab } from '../lib/tabs';
import { Avatar } from './avatar';
import { ProfileErrorScreen } from './profile-error-screen';
import { ownStatTiles, StatTiles } from './stat-tiles';
import { TabPanel } from './tabs/tab-panel';
import '../profile.css';

export function ProfilePage() {
  const session = useSession();
  const userId = session.user?._id;
  const [params, setParams] = useSearchParams();
  const tab = parseProfileTab(params.get('tab'));
  const user = useUser(userId);
  const stats = useUserStats(userId);
  const tabRefs = useRef<Partial<Record<ProfileTab, HTMLButtonElement | null>>>({});
  const tabList = useRef<HTMLDivElement>(null);
  const more = useScrollHints(tabList);
  const failed = user.isError || stats.isError;
  const toasted = useRef(false);

  // On a phone only some tabs fit: keep the chosen one in view, clear of the hints at the sides.
  useEffect(() => {
    tabRefs.current[tab]?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [tab, user.isPending]);

  useEffect(() => {
    if (failed && !toasted.current) {
      toasted.current = true;
      toast.error(PROFILE_LOAD_ERROR);
    }
  }, [failed]);

  if (failed) return <ProfileErrorScreen />;
  if (user.isPending || !session.user) return <PageSpinner label="جارٍ تحميل الملف الشخصي…" />;

  // The owner's answer carries email and phone; the session copy fills any gap.
  const me = { ...session.user, ...user.data } as User;

  const select = (next: ProfileTab, focus = false) => {
    setParams(next === 'profile' ? {} : { tab: next }, { replace: false });
    if (focus) tabRefs.current[next]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = tabForKey(tab, event.key);
    if (!next) return;
    event.preventDefault();
    select(next, true);
  };

  return (
    <section className="page profile-page" aria-labelledby="profile-title">
      <header className="profile-header card">
        <div className="profile-header__top">
          <ButtonLink to={paths.home.getHref()} variant="ghost" size="sm">
            → العودة إلى الرئيسية
          </ButtonLink>
          <ButtonLink to={paths.archive.getHref()} variant="secondary" size="sm">
            الأرشيف
          </ButtonLink>
        </div>
        <div className="profile-header__who">
          <Avatar name={me.name} src={me.profileImage} size={72} />
          <div>
            <h1 id="profile-title">الملف الشخصي</h1>
            <p className="profile-header__name">{me.name}</p>
          </div>
        </div>
        <StatTiles label="إحصائياتي" tiles={ownStatTiles(stats.data)} />
      </header>

      {/* On a phone the tabs scroll sideways: a fade and an arrow on each side that has more. */}
      <div
        className={`profile-tabs-frame${more.before ? ' profile-tabs-frame--before' : ''}${more.after ? ' profile-tabs-frame--after' : ''}`}
        data-testid="profile-tabs-frame"
      >
        <span
          className="profile-tabs__hint profile-tabs__hint--before"
          aria-hidden="true"
          onClick={() => tabList.current?.scrollBy({ left: tabList.current.clientWidth * 0.6, behavior: 'smooth' })}
        >
          ›
        </span>
        <div ref={tabList} className="profile-tabs" role="tablist" aria-label="أقسام الملف الشخصي">
          {PROFILE_TABS.map((name) => (
            <button
              key={name}
              ref={(element) => {
                tabRefs.current[name] = element;
              }}
              type="button"
              role="tab"
              id={`profile-tab-${name}`}
              aria-selected={tab === name}
              aria-controls="profile-tabpanel"
              tabIndex={tab === name ? 0 : -1}
              className={`profile-tabs__tab ${tab === name ? 'profile-tabs__tab--active' : ''}`}
              onClick={() => select(name)}
              onKeyDown={onKeyDown}
            >
              {PROFILE_TAB_LABELS[name]}
            </button>
          ))}
        </div>
        <span
          className="profile-tabs__hint profile-tabs__hint--after"
          aria-hidden="true"
          onClick={() => tabList.current?.scrollBy({ left: -tabList.current.clientWidth * 0.6, behavior: 'smooth' })}
        >
          ‹
        </span>
      </div>
      <div
        className="profile-panel"
        role="tabpanel"
        id="profile-tabpanel"
        aria-labelledby={`profile-tab-${tab}`}
        tabIndex={0}
      >
        <TabPanel tab={tab} user={me} />
      </div>
    </section>
  );
}
