import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '@/components/ui/button';

/** Shown when a route fails to render or its code cannot be loaded (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error('[router]', error);
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <section className="page page--narrow center" role="alert">
      <h1>حدث خطأ غير متوقع</h1>
      <p className="muted">{status ? `رمز الخطأ: ${status}` : 'تعذر عرض هذه الصفحة. حاول إعادة تحميلها.'}</p>
      <div className="actions">
        <Button onClick={() => window.location.reload()}>إعادة تحميل الصفحة</Button>
        <a className="btn btn--secondary btn--md" href="/">
          الصفحة الرئيسية
        </a>
      </div>
    </section>
  );
}
