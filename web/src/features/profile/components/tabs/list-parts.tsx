/** The small pieces the profile's list tabs share: loading, counts, short ids, actions. */
import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';
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
