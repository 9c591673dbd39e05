import { AuctionStatus, DEFAULT_AUCTION_DURATIONS, FIELDS, LIMITS, type Auction } from '@mazad/contracts';
import { describe, expect, it } from 'vitest';
import {
  auctionFormSchema,
  buyNowLiveMessage,
  checkChosenFiles,
  EMPTY_FORM,
  imagesError,
  readPrice,
  toCreateFormData,
  toUpdateRequest,
  valuesFromAuction,
  type AuctionFormValues,
} from './auction-form';
import * as m from './messages';
import { readRelistState, relistState } from './relist';

/** The fields these rules read (the auctions feature owns the full fixture). */
function makeAuction(overrides: Partial<Auction> = {}): Auction {
  return {
    title: 'ساعة يد كلاسيكية',
    description: 'ساعة بحالة ممتازة',
    category: 'إكسسوارات',
    auctionDuration: '24h',
    startingPrice: 50,
    buyNowPrice: null,
    status: AuctionStatus.Active,
    bidCount: 0,
    bids: [],
    hasBeenEdited: false,
    seller: { _id: 'seller-1', id: 'seller-1', name: 'خالد سمير', location: 'إربد' },
    ...overrides,
  } as Auction;
}

const valid: AuctionFormValues = {
  title: 'ساعة يد كلاسيكية',
  description: 'بحالة ممتازة',
  category: 'إكسسوارات',
  auctionDuration: '24h',
  startingPrice: '10',
  hasBuyNow: false,
  buyNowPrice: '',
};

/** The first message per field, as the form shows them. */
function fieldErrors(values: AuctionFormValues, durations?: readonly string[]): Record<string, string> {
  const result = auctionFormSchema(durations).safeParse(values);
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) out[String(issue.path[0])] ??= issue.message;
  return out;
}

describe('auction form schema (R-AUCTION-FIELDS)', () => {
  it('accepts a complete form', () => {
    expect(fieldErrors(valid)).toEqual({});
  });

  it('says what is wrong with the buy-now price together with the other fields', () => {
    expect(fieldErrors({ ...EMPTY_FORM, hasBuyNow: true })).toMatchObject({
      title: FIELDS.auctionTitle.messages.required,
      buyNowPrice: m.BUY_NOW_REQUIRED,
    });
  });

  it('names every missing required field with its message', () => {
    expect(fieldErrors(EMPTY_FORM)).toEqual({
      title: FIELDS.auctionTitle.messages.required,
      description: FIELDS.auctionDescription.messages.required,
      category: FIELDS.auctionCategory.messages.required,
      auctionDuration: FIELDS.auctionDuration.messages.required,
      startingPrice: FIELDS.startingPrice.messages.required,
    });
  });

  it('treats blank text as missing', () => {
    expect(fieldErrors({ ...valid, title: '   ', description: '\n ' })).toEqual({
      title: FIELDS.auctionTitle.messages.required,
      description: FIELDS.auctionDescription.messages.required,
    });
  });

  it('limits the title to 100 and the description to 1000 characters', () => {
    expect(fieldErrors({ ...valid, title: 'ع'.repeat(LIMITS.titleMax) })).toEqual({});
    expect(fieldErrors({ ...valid, title: 'ع'.repeat(LIMITS.titleMax + 1) })).toEqual({
      title: FIELDS.auctionTitle.messages.tooLong,
    });
    expect(FIELDS.auctionTitle.messages.tooLong).toBe('يجب أن يكون العنوان أقل من 100 حرف');
    expect(fieldErrors({ ...valid, description: 'و'.repeat(LIMITS.descriptionMax) })).toEqual({});
    expect(fieldErrors({ ...valid, description: 'و'.repeat(LIMITS.descriptionMax + 1) })).toEqual({
      description: FIELDS.auctionDescription.messages.tooLong,
    });
    expect(FIELDS.auctionDescription.messages.tooLong).toBe('يجب أن يكون الوصف أقل من 1000 حرف');
  });

  it('takes the categories of R-CATEGORIES only', () => {
    expect(fieldErrors({ ...valid, category: 'إلكترونيات' })).toEqual({});
    expect(fieldErrors({ ...valid, category: 'طعام' })).toEqual({ category: FIELDS.auctionCategory.messages.invalid });
  });

  it('takes the durations the server allows', () => {
    expect(fieldErrors({ ...valid, auctionDuration: '20s' })).toEqual({
      auctionDuration: FIELDS.auctionDuration.messages.invalid,
    });
    expect(fieldErrors({ ...valid, auctionDuration: '20s' }, [...DEFAULT_AUCTION_DURATIONS, '20s'])).toEqual({});
  });

  it('needs a starting price of at least 1 JOD with up to 3 decimals', () => {
    expect(fieldErrors({ ...valid, startingPrice: '0.999' })).toEqual({
      startingPrice: FIELDS.startingPrice.messages.tooLow,
    });
    expect(FIELDS.startingPrice.messages.tooLow).toBe('يجب أن يكون السعر دينار واحد على الأقل');
    expect(fieldErrors({ ...valid, startingPrice: '1' })).toEqual({});
    expect(fieldErrors({ ...valid, startingPrice: '1.125' })).toEqual({});
    expect(fieldErrors({ ...valid, startingPrice: '1.1255' })).toEqual({
      startingPrice: FIELDS.startingPrice.messages.decimals,
    });
    expect(fieldErrors({ ...valid, startingPrice: 'abc' })).toEqual({
      startingPrice: FIELDS.startingPrice.messages.notNumber,
    });
    expect(fieldErrors({ ...valid, startingPrice: '-5' })).toEqual({
      startingPrice: FIELDS.startingPrice.messages.tooLow,
    });
  });

  it('reads prices as people type them (R-NUMBER-INPUT): Arabic-Indic digits, ٫ and ٬, pasted separators', () => {
    expect(readPrice('١٢٫٥')).toEqual({ ok: true, value: 12.5 });
    expect(readPrice('١٬٢٥٠٫٥٠٠')).toEqual({ ok: true, value: 1250.5 });
    expect(readPrice('1,250.500')).toEqual({ ok: true, value: 1250.5 });
    // A comma separates thousands: 12,250 is twelve thousand, and 12,5 is not guessed.
    expect(readPrice('12,250')).toEqual({ ok: true, value: 12250 });
    expect(readPrice('12,5')).toEqual({ ok: false, message: FIELDS.startingPrice.messages.notNumber });
    expect(readPrice('2.5000')).toEqual({ ok: true, value: 2.5 });
  });

  it('checks the buy-now price only when the box is ticked', () => {
    expect(fieldErrors({ ...valid, hasBuyNow: false, buyNowPrice: '5' })).toEqual({});
    expect(fieldErrors({ ...valid, hasBuyNow: true, buyNowPrice: '' })).toEqual({ buyNowPrice: m.BUY_NOW_REQUIRED });
    expect(fieldErrors({ ...valid, hasBuyNow: true, buyNowPrice: '0.5' })).toEqual({
      buyNowPrice: FIELDS.buyNowPrice.messages.tooLow,
    });
    expect(fieldErrors({ ...valid, hasBuyNow: true, buyNowPrice: '10' })).toEqual({
      buyNowPrice: FIELDS.buyNowPrice.messages.notAbove,
    });
    expect(fieldErrors({ ...valid, hasBuyNow: true, buyNowPrice: '10.001' })).toEqual({});
  });
});

describe('live buy-now message', () => {
  it('appears while the buy-now price is not above the starting price', () => {
    expect(buyNowLiveMessage({ hasBuyNow: true, startingPrice: '100', buyNowPrice: '90' })).toBe(
      FIELDS.buyNowPrice.messages.notAbove,
    );
    expect(buyNowLiveMessage({ hasBuyNow: true, startingPrice: '100', buyNowPrice: '100' })).toBe(
      FIELDS.buyNowPrice.messages.notAbove,
    );
    expect(FIELDS.buyNowPrice.messages.notAbove).toBe('يجب أن يكون سعر الشراء الفوري أعلى من السعر الابتدائي');
  });

  it('is silent when unticked, above, or not yet a number', () => {
    expect(buyNowLiveMessage({ hasBuyNow: false, startingPrice: '100', buyNowPrice: '90' })).toBeNull();
    expect(buyNowLiveMessage({ hasBuyNow: true, startingPrice: '100', buyNowPrice: '100.001' })).toBeNull();
    expect(buyNowLiveMessage({ hasBuyNow: true, startingPrice: '', buyNowPrice: '90' })).toBeNull();
    expect(buyNowLiveMessage({ hasBuyNow: true, startingPrice: '100', buyNowPrice: '' })).toBeNull();
  });
});

function file(name: string, size: number, type = 'image/png'): File {
  const f = new File([new Uint8Array(1)], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
}

describe('chosen image files (before any upload)', () => {
  it('refuses a file over 5 MB with a message naming it', () => {
    const result = checkChosenFiles(
      [file('big.jpg', LIMITS.imageMaxBytes + 1), file('ok.jpg', LIMITS.imageMaxBytes)],
      0,
    );
    expect(result.accepted.map((f) => f.name)).toEqual(['ok.jpg']);
    expect(result.errors).toEqual([m.IMAGE_TOO_LARGE('big.jpg')]);
    expect(result.errors[0]).toContain('5 ميغابايت');
  });

  it('refuses anything that is not an image', () => {
    const result = checkChosenFiles([file('notes.pdf', 10, 'application/pdf')], 0);
    expect(result.accepted).toEqual([]);
    expect(result.errors).toEqual([m.IMAGE_NOT_IMAGE('notes.pdf')]);
  });

  it('keeps only the first images up to 3 in all', () => {
    const result = checkChosenFiles([file('1.png', 1), file('2.png', 1), file('3.png', 1), file('4.png', 1)], 0);
    expect(result.accepted.map((f) => f.name)).toEqual(['1.png', '2.png', '3.png']);
    expect(result.errors).toEqual([m.IMAGES_TOO_MANY]);
    expect(checkChosenFiles([file('a.png', 1), file('b.png', 1)], 2).accepted.map((f) => f.name)).toEqual(['a.png']);
  });

  it('needs 1–3 images to create, none to edit', () => {
    expect(imagesError(0, 'create')).toBe(m.IMAGES_REQUIRED);
    expect(m.IMAGES_REQUIRED).toBe('يجب رفع صورة واحدة على الأقل');
    expect(imagesError(1, 'create')).toBeNull();
    expect(imagesError(3, 'create')).toBeNull();
    expect(imagesError(4, 'create')).toBe(m.IMAGES_TOO_MANY);
    expect(imagesError(0, 'edit')).toBeNull();
  });
});

describe('request bodies', () => {
  it('sends the buy-now price only when ticked, and the first 3 images', () => {
    const files = ['a', 'b', 'c', 'd'].map((n) => file(`${n}.png`, 1));
    const form = toCreateFormData({ ...valid, title: '  ساعة  ', hasBuyNow: false, buyNowPrice: '50' }, files);
    expect(form.get('title')).toBe('ساعة');
    expect(form.get('startingPrice')).toBe('10');
    expect(form.has('buyNowPrice')).toBe(false);
    expect(form.getAll('images')).toHaveLength(3);
    expect(toCreateFormData({ ...valid, hasBuyNow: true, buyNowPrice: '50.5' }, files).get('buyNowPrice')).toBe('50.5');
  });

  it('removes the buy-now price on edit when unticked and keeps current images when none are given', () => {
    expect(toUpdateRequest(valid, [])).toEqual({
      title: valid.title,
      description: valid.description,
      category: valid.category,
      auctionDuration: '24h',
      startingPrice: 10,
      buyNowPrice: null,
    });
    expect(toUpdateRequest({ ...valid, hasBuyNow: true, buyNowPrice: '20' }, ['/uploads/a.webp']).images).toEqual([
      '/uploads/a.webp',
    ]);
  });

  it('prefills from an auction (edit and re-list)', () => {
    const auction = makeAuction({
      title: 'كرسي',
      startingPrice: 12.5,
      buyNowPrice: 40,
      category: 'أثاث',
      auctionDuration: '7d',
    });
    expect(valuesFromAuction(auction)).toEqual({
      title: 'كرسي',
      description: auction.description,
      category: 'أثاث',
      auctionDuration: '7d',
      startingPrice: '12.5',
      hasBuyNow: true,
      buyNowPrice: '40',
    });
    expect(valuesFromAuction({ ...auction, buyNowPrice: null, auctionDuration: '20s' })).toMatchObject({
      hasBuyNow: false,
      buyNowPrice: '',
      auctionDuration: '',
    });
    expect(readRelistState(relistState(auction))).toMatchObject({
      title: 'كرسي',
      startingPrice: 12.5,
      buyNowPrice: 40,
    });
    expect(readRelistState(null)).toBeNull();
  });
});
