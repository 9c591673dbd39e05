import type { AnnouncementContent } from '@mazad/contracts';
import { ButtonLink } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useAnnouncement } from '../api/announcement';
import { ContentPage } from './content-page';

export const NO_ANNOUNCEMENT_TITLE = 'لا يوجد محتوى للإعلان حالياً';

function hasSchedule(
  schedule: AnnouncementContent['scheduleInfo'] | undefined,
): schedule is AnnouncementContent['scheduleInfo'] {
  return Boolean(schedule && (schedule.date || schedule.startTime || schedule.endTime || schedule.details));
}

/** /announcement-details: the announcement an admin wrote (GET /api/announcement-content), or the no-content state. */
export function AnnouncementPage() {
  const { data, isPending } = useAnnouncement();

  if (isPending) return <PageSpinner />;
  if (!data || !data.isActive) {
    return (
      <ContentPage
        title={NO_ANNOUNCEMENT_TITLE}
        lead="لم يُنشر أي إعلان بعد، تابعنا قريباً لمعرفة آخر الأخبار والمزادات المميزة."
      >
        <div className="actions">
          <ButtonLink to={paths.home.getHref()}>العودة إلى الصفحة الرئيسية</ButtonLink>
        </div>
      </ContentPage>
    );
  }

  const schedule = data.scheduleInfo;
  const images = data.images.filter(Boolean);
  return (
    <ContentPage
      title={data.title}
      meta={
        <>
          آخر تحديث: <time dateTime={data.updatedAt}>{formatDateTime(data.updatedAt)}</time>
        </>
      }
    >
      {data.description && <p className="content-page__text">{data.description}</p>}

      {hasSchedule(schedule) && (
        <section className="card announcement-schedule" aria-labelledby="announcement-schedule-title">
          <h2 id="announcement-schedule-title">موعد الحدث</h2>
          <dl className="announcement-schedule__grid">
            {schedule.date && (
              <div>
                <dt>التاريخ</dt>
                <dd dir="auto">{schedule.date}</dd>
              </div>
            )}
            {schedule.startTime && (
              <div>
                <dt>وقت البدء</dt>
                <dd dir="auto">{schedule.startTime}</dd>
              </div>
            )}
            {schedule.endTime && (
              <div>
                <dt>وقت الانتهاء</dt>
                <dd dir="auto">{schedule.endTime}</dd>
              </div>
            )}
          </dl>
          {schedule.details && <p className="content-page__text">{schedule.details}</p>}
        </section>
      )}

      {images.length > 0 && (
        <section aria-labelledby="announcement-images-title">
          <h2 id="announcement-images-title">الصور</h2>
          <ul className="content-gallery">
            {images.map((src, index) => (
              <li key={`${src}-${index}`} className="content-gallery__item">
                {/* width/height and the item's aspect-ratio reserve the space before the image arrives. */}
                <img
                  src={src}
                  alt={`${data.title}: صورة ${index + 1}`}
                  width={640}
                  height={480}
                  loading="lazy"
                  decoding="async"
                />
              </li>
            ))}
          </ul>
        </section>
      )}

      {data.additionalInfo && (
        <section className="card" aria-labelledby="announcement-more-title">
          <h2 id="announcement-more-title">معلومات إضافية</h2>
          <p className="content-page__text">{data.additionalInfo}</p>
        </section>
      )}

      <div className="actions">
        <ButtonLink to={paths.auctions.getHref()}>تصفح المزادات</ButtonLink>
        <ButtonLink to={paths.register.getHref()} variant="secondary">
          إنشاء حساب
        </ButtonLink>
      </div>
    </ContentPage>
  );
}
