import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PROFILE_LOAD_ERROR, PROFILE_LOAD_ERROR_HINT } from '../lib/messages';

/** A profile that could not load: why, and the way back home. */
export function ProfileErrorScreen({ title = PROFILE_LOAD_ERROR }: { title?: string }) {
  return (
    <section className="page page--narrow profile-error" aria-labelledby="profile-error-title">
      <h1 id="profile-error-title">{title}</h1>
      <p className="muted">{PROFILE_LOAD_ERROR_HINT}</p>
      <ButtonLink to={paths.home.getHref()}>العودة إلى الصفحة الرئيسية</ButtonLink>
    </section>
  );
}
