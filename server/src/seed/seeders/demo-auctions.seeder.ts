import { Injectable } from '@nestjs/common';
import { EventBus } from '@nestjs/cqrs';
import sharp from 'sharp';
import { AuctionStore } from '../../auctions';
import { AuctionCreatedEvent } from '../../auctions/events/auction-created.event';
import { ImageOwnership } from '../../infrastructure/storage/image-ownership';
import { IMAGE_PRESETS, ImageStorageService } from '../../infrastructure/storage/image-storage.service';
import type { DemoSeedContext, DemoSeeder } from '../demo-seeder';

interface DemoAuction {
  seller: string;
  title: string;
  description: string;
  category: string;
  startingPrice: number;
  buyNowPrice?: number;
  duration: string;
  endsInMinutes: number;
  /** [bidder key, amount in JOD] in order. */
  bids: [string, number][];
  colors: [string, string];
}

/** Listings across the categories, with live bidding and varied end times (one ends soon). */
const DEMO_AUCTIONS: DemoAuction[] = [
  {
    seller: 'sara',
    title: 'هاتف ذكي بحالة ممتازة (تجريبي)',
    description: 'هاتف ذكي مستعمل لمدة سنة، ذاكرة 256 غيغابايت، مع الشاحن والعلبة الأصلية.',
    category: 'إلكترونيات',
    startingPrice: 150,
    buyNowPrice: 320,
    duration: '24h',
    endsInMinutes: 600,
    bids: [
      ['khaled', 160],
      ['layla', 175.5],
    ],
    colors: ['#1e3a8a', '#60a5fa'],
  },
  {
    seller: 'khaled',
    title: 'طاولة سفرة خشب زان (تجريبي)',
    description: 'طاولة سفرة لستة أشخاص من خشب الزان الطبيعي مع الكراسي، بحالة جيدة جداً.',
    category: 'أثاث',
    startingPrice: 90,
    duration: '72h',
    endsInMinutes: 2_000,
    bids: [['omar', 95]],
    colors: ['#78350f', '#f59e0b'],
  },
  {
    seller: 'layla',
    title: 'فستان سهرة جديد (تجريبي)',
    description: 'فستان سهرة جديد لم يُلبس، مقاس متوسط، لون كحلي.',
    category: 'أزياء',
    startingPrice: 40,
    buyNowPrice: 85,
    duration: '24h',
    endsInMinutes: 12,
    bids: [
      ['sara', 45],
      ['khaled', 50],
    ],
    colors: ['#581c87', '#c084fc'],
  },
  {
    seller: 'omar',
    title: 'سيارة سيدان موديل 2016 (تجريبي)',
    description: 'سيارة سيدان أوتوماتيك، فحص كامل، ممشى 120 ألف كم، صيانة دورية في الوكالة.',
    category: 'سيارات',
    startingPrice: 6_500,
    buyNowPrice: 9_000,
    duration: '7d',
    endsInMinutes: 8_000,
    bids: [
      ['sara', 6_600],
      ['layla', 6_750],
    ],
    colors: ['#7f1d1d', '#f87171'],
  },
  {
    seller: 'sara',
    title: 'شقة للإيجار السنوي في عبدون (تجريبي)',
    description: 'عقد إيجار سنوي لشقة من غرفتي نوم، الطابق الثاني، قريبة من الخدمات.',
    category: 'عقارات',
    startingPrice: 4_000,
    duration: '30d',
    endsInMinutes: 40_000,
    bids: [],
    colors: ['#064e3b', '#34d399'],
  },
  {
    seller: 'khaled',
    title: 'كتب مدرسية للتبرع (تجريبي)',
    description: 'مجموعة كتب مدرسية للصفوف الابتدائية، تذهب قيمة المزاد كاملة لجمعية خيرية.',
    category: 'تبرعات',
    startingPrice: 1,
    duration: '24h',
    endsInMinutes: 300,
    bids: [['omar', 2]],
    colors: ['#134e4a', '#5eead4'],
  },
  {
    seller: 'layla',
    title: 'ساعة يد كلاسيكية (تجريبي)',
    description: 'ساعة يد كلاسيكية بسوار جلدي، تعمل بكفاءة، مع العلبة.',
    category: 'إكسسوارات',
    startingPrice: 35,
    buyNowPrice: 70,
    duration: '1h',
    endsInMinutes: 45,
    bids: [],
    colors: ['#3f3f46', '#d4d4d8'],
  },
  {
    seller: 'omar',
    title: 'دراجة هوائية جبلية (تجريبي)',
    description: 'دراجة جبلية مقاس 26 إنش، 21 سرعة، بحالة جيدة.',
    category: 'متنوعة',
    startingPrice: 60,
    duration: '72h',
    endsInMinutes: 3_500,
    bids: [
      ['khaled', 65],
      ['sara', 72.25],
    ],
    colors: ['#9a3412', '#fdba74'],
  },
];

/** A simple illustration (two-tone gradient with a circle), stored through the normal image pipeline. */
async function demoImage([from, to]: [string, string]): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="800" height="600" fill="url(#g)"/><circle cx="400" cy="300" r="150" fill="rgba(255,255,255,0.25)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Demo auctions for `npm start`, sold by the demo members, some already bid on. Seeded once:
 * when a demo member already sells anything, nothing is added (the seed runs on every start).
 */
@Injectable()
export class DemoAuctionsSeeder implements DemoSeeder {
  readonly name = 'auctions';

  constructor(
    private readonly images: ImageStorageService,
    private readonly ownership: ImageOwnership,
    private readonly store: AuctionStore,
    private readonly events: EventBus,
  ) {}

  async seed({ manager, members }: DemoSeedContext): Promise<void> {
    const ids = [...members.values()].map((m) => m.id);
    if (ids.length === 0) return;
    const [{ count }] = await manager.query(`SELECT count(*)::int AS count FROM auctions WHERE seller_id = ANY($1)`, [
      ids,
    ]);
    if (count > 0) return;
    const created: { id: string; endTime: Date }[] = [];
    for (const a of DEMO_AUCTIONS) {
      const seller = members.get(a.seller);
      if (!seller) continue;
      const image = await this.images.storeImage(await demoImage(a.colors), IMAGE_PRESETS.auction);
      const startFils = Math.round(a.startingPrice * 1000);
      const row = await this.store.create(manager, {
        sellerId: seller.id,
        title: a.title,
        description: a.description,
        category: a.category,
        images: [image.url],
        startingPriceFils: startFils,
        buyNowPriceFils: a.buyNowPrice ? Math.round(a.buyNowPrice * 1000) : null,
        auctionDuration: a.duration,
        endsInSeconds: a.endsInMinutes * 60,
      });
      await this.ownership.recordUploads([image.url], seller.id, { auctionId: row.id }, manager);
      // The demo bids go in as one accepted batch, as the bid engine writes them.
      const bids = a.bids.flatMap(([bidderKey, amount]) => {
        const bidder = members.get(bidderKey);
        return bidder ? [{ bidderId: bidder.id, amountFils: Math.round(amount * 1000) }] : [];
      });
      if (bids.length) await this.store.applyBidBatch(row.id, startFils, bids, manager);
      created.push(row);
    }
    // Same as a listing through the API: the end jobs get scheduled.
    for (const c of created) this.events.publish(new AuctionCreatedEvent(c.id, c.endTime));
  }
}
