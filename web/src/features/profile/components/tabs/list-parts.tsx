/** The small pieces the profile's list tabs share: loading, counts, short ids, actions. */
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { relistState } from '@/features/selling';
import { shortId } from '../../lib/display';

export function Loading() {
  return (
    <div className="profile-loading">
      <Spinner label="جارٍ تحميل القائمة…" />
    </div>
  );
}

export function Count({ value }: { value: number | null | undefined }) {
  return <bdi dir="ltr">{value ?? 0}</bdi>;
}

export function ShortId({ id }: { id: string }) {
  return (
    <bdi dir="ltr" className="profile-short-id" title={id}>
      #{shortId(id)}
    </bdi>
  );
}

export function Confirmed() {
  return <span className="tag tag--success">تم التأكيد</span>;
}

export function Actions({ children }: { children: ReactNode }) {
  return <div className="profile-row-actions">{children}</div>;
}

/** «إعادة العرض»: the create form, filled from an unsold auction (live or archived). */
export function RelistLink({ auction }: { auction: Parameters<typeof relistState>[0] & { title: string } }) {
  return (
    <ButtonLink
      to={paths.createAuction.getHref()}
      state={relistState(auction)}
      size="sm"
      aria-label={`إعادة العرض: ${auction.title}`}
    >
      إعادة العرض
    </ButtonLink>
  );
}
