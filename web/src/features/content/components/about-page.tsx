import { BID_STEP_TABLE, CATEGORIES, filsToJod } from '@mazad/contracts';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PageSpinner } from '@/components/ui/spinner';
import { durationLabel, formatDuration, formatMoney } from '@/lib/format';
import { useSettings, type SiteSettings } from '@/lib/settings';
import { listInArabic } from '../lib/durations';
import { ContentPage } from './content-page';

/**
 * /about: what Mazad is, how an auction runs and one FAQ. Every number (the durations offered,
 * the bid extension, the archive delays) is the deployment's own, from GET /api/settings, so the
 * page and the FAQ can no longer disagree with each other or with the create form. A spinner
 * while they load (the page then appears whole, without text moving); if the call fails, the
 * sentences that need a number are left out rather than guessed.
 */
export function AboutPage() {
  const { data: settings, isPending } = useSettings();
  if (isPending) return <PageSpinner />;
  return <About settings={settings ?? null} />;
}

function numbersOf(settings: SiteSettings) {
  return {
    durations: listInArabic(settings.auctionDurations.map(durationLabel)),
    extension: formatDuration(settings.bidExtensionSeconds),
    unsoldAfter: formatDuration(settings.archiveUnsoldAfterSeconds),
    soldAfter: formatDuration(settings.archiveSoldAfterSeconds),
  };
}

/** The step table (R-BID-STEP) in words: "0.250 د.أ تحت 10.000 د.أ، …، 10.000 د.أ من 1,000.000 د.أ فما فوق". */
function stepsInArabic(): string {
  return BID_STEP_TABLE.map((row, i) => {
    const step = formatMoney(filsToJod(row.stepFils));
    if (row.belowFils !== null) return `${step} تحت ${formatMoney(filsToJod(row.belowFils))}`;
    return `${step} من ${formatMoney(filsToJod(BID_STEP_TABLE[i - 1].belowFils!))} فما فوق`;
  }).join('، ');
}

function About({ settings }: { settings: SiteSettings | null }) {
  const n = settings ? numbersOf(settings) : null;
  const faq = [
    n && {
      q: 'كم تستمر المزادات؟',
      a: `يختار البائع مدة المزاد عند إنشائه: ${n.durations}. وإذا وصلت مزايدة في اللحظات الأخيرة يُمدَّد المزاد تلقائياً بحيث يبقى ${n.extension} على الأقل بعد آخر مزايدة.`,
    },
    {
      q: 'كيف أشارك في مزاد؟',
      a: 'أنشئ حساباً وفعّله برمز التحقق، ثم افتح صفحة المزاد وقدّم مزايدة أعلى من السعر الحالي، أو اشترِ فوراً بسعر الشراء الفوري إن حدده البائع.',
    },
    {
      q: 'ما هي المزايدة التلقائية؟',
      a: `حدد في صفحة المزاد أقصى مبلغ تقبل دفعه، فنزايد عنك تلقائياً بأصغر خطوة تبقيك في المقدمة حتى حدك الأقصى، ولا يرى حدك أحد غيرك. الخطوة بحسب السعر: ${stepsInArabic()}. وإذا تساوى حدّان يتقدم الأسبق.`,
    },
    {
      q: 'ماذا يحدث عند انتهاء المزاد؟',
      a: 'إذا كانت هناك مزايدة واحدة على الأقل يُباع المزاد لصاحب أعلى مزايدة، ويتواصل البائع والفائز عبر صفحة الرسائل لإتمام الصفقة، ثم يؤكد الفائز الاستلام ويقيّم البائع. وإن لم تصل أي مزايدة ينتهي المزاد دون بيع.',
    },
    n && {
      q: 'متى ينتقل المزاد إلى الأرشيف؟',
      a: `ينتقل المزاد غير المباع إلى الأرشيف بعد ${n.unsoldAfter} من انتهائه، والمزاد المباع بعد ${n.soldAfter}، ويحتفظ الأرشيف برسائله وتقييماته.`,
    },
    {
      q: 'هل يمكنني تعديل مزادي أو حذفه؟',
      a: 'يمكن للبائع تعديل مزاده مرة واحدة فقط ما دام نشطاً ولم تصله أي مزايدة، ويمكنه حذفه ما لم تصله مزايدات.',
    },
    {
      q: 'هل تضمن المنصة السلع؟',
      a: 'مزاد منصة وسيطة فقط: العقد بين البائع والمشتري مباشرة، والبائع وحده مسؤول عن سلعته. ننصح بمعاينة السلعة قبل تأكيد الصفقة.',
    },
    {
      q: 'كيف أتواصل مع الدعم؟',
      a: 'الدعم متاح على مدار الساعة طوال أيام الأسبوع عبر صفحة اتصل بنا، ونرد على رسائل البريد الإلكتروني خلال 24 ساعة.',
    },
  ];

  return (
    <ContentPage
      title="من نحن"
      lead="مزاد سوق إلكتروني أردني للمزادات: يعرض فيه البائعون سلعهم ويزايد عليها المشترون بالدينار الأردني، بشفافية وفي الوقت الحقيقي."
    >
      <section className="content-grid" aria-label="عن مزاد">
        <div className="card">
          <h2>ما هو مزاد؟</h2>
          <p>
            منصة تجمع البائعين والمشترين في الأردن. ينشئ البائع مزاداً بصور سلعته وسعر ابتدائي، وسعر شراء فوري إن أراد،
            ويتابع المزايدات لحظة بلحظة حتى نهاية المزاد.
          </p>
        </div>
        <div className="card">
          <h2>كيف يعمل المزاد؟</h2>
          <ul>
            {n && <li>مدد المزاد المتاحة: {n.durations}.</li>}
            {n && (
              <li>
                كل مزايدة مقبولة تضمن بقاء {n.extension} على الأقل قبل نهاية المزاد، فلا مكان للمزايدة في الثانية
                الأخيرة.
              </li>
            )}
            <li>يفوز صاحب أعلى مزايدة، أو أول من يشتري بسعر الشراء الفوري.</li>
            {n && (
              <li>
                يبقى المزاد المباع في صفحته {n.soldAfter} بعد انتهائه ثم ينتقل إلى الأرشيف، وغير المباع {n.unsoldAfter}.
              </li>
            )}
          </ul>
        </div>
        <div className="card">
          <h2>الفئات</h2>
          <ul className="content-tags">
            {CATEGORIES.map((category) => (
              <li key={category.value} className="tag">
                {category.label}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="content-faq" aria-labelledby="faq-title">
        <h2 id="faq-title">الأسئلة الشائعة</h2>
        {faq
          .filter((item) => item !== null)
          .map((item) => (
            <details key={item.q} className="card content-faq__item">
              <summary>{item.q}</summary>
              <p>{item.a}</p>
            </details>
          ))}
      </section>

      <div className="actions">
        <ButtonLink to={paths.auctions.getHref()}>تصفح المزادات</ButtonLink>
        <ButtonLink to={paths.contact.getHref()} variant="secondary">
          اتصل بنا
        </ButtonLink>
      </div>
    </ContentPage>
  );
}
