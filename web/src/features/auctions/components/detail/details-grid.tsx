import { categoryLabel, type Auction } from '@mazad/contracts';
import { formatDateTime, formatEndDate, formatMoney } from '@/lib/format';

type Fields = Pick<
  Auction,
  'createdAt' | 'updatedAt' | 'endTime' | 'bidCount' | 'buyNowPrice' | 'category' | 'startingPrice'
>;

/** Details grid: creation date, last update, the end (day and time), bids, buy-now price. */
export function DetailsGrid({ auction }: { auction: Fields }) {
  const items: { label: string; value: string; ltr?: boolean }[] = [
    { label: 'تاريخ الإنشاء', value: formatDateTime(auction.createdAt) },
    { label: 'آخر تحديث', value: formatDateTime(auction.updatedAt) },
    { label: 'وقت الانتهاء', value: formatEndDate(auction.endTime) },
    { label: 'عدد المزايدات', value: String(auction.bidCount ?? 0), ltr: true },
    {
      label: 'سعر الشراء الفوري',
      value: auction.buyNowPrice && auction.buyNowPrice > 0 ? formatMoney(auction.buyNowPrice) : 'غير متاح',
    },
    { label: 'الفئة', value: categoryLabel(auction.category) },
  ];
  return (
    <section className="detail-box" aria-labelledby="auction-details-title">
      <h2 id="auction-details-title" className="detail-box__title">
        تفاصيل المزاد
      </h2>
      <dl className="details-grid">
        {items.map((item) => (
          <div key={item.label} className="details-grid__item">
            <dt className="details-grid__label">{item.label}</dt>
            <dd className="details-grid__value">{item.ltr ? <bdi dir="ltr">{item.value}</bdi> : item.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
