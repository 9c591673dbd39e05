import { useLocation, useNavigate } from 'react-router-dom';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

export default function NotFoundPage() {
  const navigate = useNavigate();
  // The first page of the tab (opened from a link elsewhere, typed): there is no previous page
  // of ours to go back to, so "back" goes home instead of doing nothing.
  const firstPage = useLocation().key === 'default';
  const back = () => (firstPage ? navigate(paths.home.getHref()) : navigate(-1));
  return (
    <section className="page page--narrow center not-found">
      <p className="not-found__code" dir="ltr">
        404
      </p>
      <h1>الصفحة غير موجودة</h1>
      <p className="muted">عذراً، الصفحة التي تبحث عنها غير موجودة أو تم نقلها.</p>
      <div className="actions">
        <ButtonLink to={paths.home.getHref()}>العودة إلى الصفحة الرئيسية</ButtonLink>
        <Button variant="secondary" onClick={back}>
          العودة إلى الصفحة السابقة
        </Button>
      </div>
    </section>
  );
}
