/**
 * The create/edit auction form: its zod schema (limits from @mazad/contracts), the live buy-now
 * message, the checks made on chosen image files before anything is uploaded, and the mapping
 * of the form's values to the request bodies.
 */
import {
  AuctionStatus,
  CATEGORY_VALUES,
  DEFAULT_AUCTION_DURATIONS,
  jodToFils,
  LIMITS,
  type Auction,
  type CreateAuctionRequest,
  type UpdateAuctionRequest,
} from '@mazad/contracts';
import { z } from '@/lib/zod';
import * as m from './messages';

export interface AuctionFormValues {
  title: string;
  description: string;
  category: string;
  auctionDuration: string;
  /** Typed text (JOD, up to 3 decimals); converted on submit. */
  startingPrice: string;
  hasBuyNow: boolean;
  buyNowPrice: string;
}

export const EMPTY_FORM: AuctionFormValues = {
  title: '',
  description: '',
  category: '',
  auctionDuration: '',
  startingPrice: '',
  hasBuyNow: false,
  buyNowPrice: '',
};

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** "١٢٫٥" or "12,5" → "12.5": members type with Arabic-Indic digits and comma decimals too. */
export function normalizeAmountText(text: string): string {
  return text
    .trim()
    .replace(ARABIC_DIGITS, (d) => String((d.charCodeAt(0) & 0xf) % 10))
    .replace(/[٫,]/g, '.');
}

type PriceCheck = { ok: true; value: number } | { ok: false; reason: 'empty' | 'number' | 'decimals' | 'min' };

/** Reads a typed JOD amount: a number ≥ 1 with at most 3 decimals. */
export function readPrice(text: string | undefined | null): PriceCheck {
  const normalized = normalizeAmountText(text ?? '');
  if (!normalized) return { ok: false, reason: 'empty' };
  if (!/^\d+(\.\d+)?$/.test(normalized)) return { ok: false, reason: 'number' };
  const value = Number(normalized);
  if (!Number.isFinite(value)) return { ok: false, reason: 'number' };
  if ((normalized.split('.')[1] ?? '').replace(/0+$/, '').length > 3 || jodToFils(value) === undefined)
    return { ok: false, reason: 'decimals' };
  if (value < LIMITS.minPriceJod) return { ok: false, reason: 'min' };
  return { ok: true, value };
}

const STARTING_MESSAGES = {
  empty: m.STARTING_PRICE_REQUIRED,
  number: m.STARTING_PRICE_NOT_NUMBER,
  decimals: m.STARTING_PRICE_DECIMALS,
  min: m.PRICE_MIN,
};
const BUY_NOW_MESSAGES = {
  empty: m.BUY_NOW_REQUIRED,
  number: m.BUY_NOW_NOT_NUMBER,
  decimals: m.BUY_NOW_DECIMALS,
  min: m.BUY_NOW_MIN,
};

/**
 * The buy-now message shown live while typing (R-AUCTION-FIELDS): only when the box is ticked and both
 * prices read as numbers, and the buy-now price is not strictly above the starting price.
 */
export function buyNowLiveMessage(
  values: Pick<AuctionFormValues, 'hasBuyNow' | 'startingPrice' | 'buyNowPrice'>,
): string | null {
  if (!values.hasBuyNow) return null;
  const buyNow = readPrice(values.buyNowPrice);
  const starting = readPrice(values.startingPrice);
  if (!buyNow.ok || !starting.ok) return null;
  return jodToFils(buyNow.value)! > jodToFils(starting.value)! ? null : m.BUY_NOW_NOT_ABOVE;
}

/** The schema of the form; `durations` are the values the server accepts (GET /api/settings). */
export function auctionFormSchema(durations: readonly string[] = DEFAULT_AUCTION_DURATIONS) {
  return z
    .object({
      title: z.string().trim().min(1, m.TITLE_REQUIRED).max(LIMITS.titleMax, m.TITLE_TOO_LONG),
      description: z.string().trim().min(1, m.DESCRIPTION_REQUIRED).max(LIMITS.descriptionMax, m.DESCRIPTION_TOO_LONG),
      category: z
        .string()
        .min(1, m.CATEGORY_REQUIRED)
        .refine((value) => (CATEGORY_VALUES as readonly string[]).includes(value), m.CATEGORY_INVALID),
      auctionDuration: z
        .string()
        .min(1, m.DURATION_REQUIRED)
        .refine((value) => durations.includes(value), m.DURATION_INVALID),
      startingPrice: z.string(),
      hasBuyNow: z.boolean(),
      buyNowPrice: z.string(),
    })
    .superRefine((values, ctx) => {
      const starting = readPrice(values.startingPrice);
      if (!starting.ok)
        ctx.addIssue({ code: 'custom', path: ['startingPrice'], message: STARTING_MESSAGES[starting.reason] });
      if (!values.hasBuyNow) return;
      const buyNow = readPrice(values.buyNowPrice);
      if (!buyNow.ok) {
        ctx.addIssue({ code: 'custom', path: ['buyNowPrice'], message: BUY_NOW_MESSAGES[buyNow.reason] });
        return;
      }
      const live = buyNowLiveMessage(values);
      if (live) ctx.addIssue({ code: 'custom', path: ['buyNowPrice'], message: live });
    });
}

/** The JSON/multipart fields of a valid form. The buy-now price is sent only when ticked. */
export function toAuctionFields(values: AuctionFormValues): CreateAuctionRequest {
  const starting = readPrice(values.startingPrice);
  const buyNow = values.hasBuyNow ? readPrice(values.buyNowPrice) : null;
  const fields: CreateAuctionRequest = {
    title: values.title.trim(),
    description: values.description.trim(),
    category: values.category,
    auctionDuration: values.auctionDuration,
    startingPrice: starting.ok ? starting.value : NaN,
  };
  if (buyNow?.ok) fields.buyNowPrice = buyNow.value;
  return fields;
}

/** PUT /api/auctions/{id}: unticked buy-now is sent as null (removed); empty images keep the current ones. */
export function toUpdateRequest(values: AuctionFormValues, images: readonly string[]): UpdateAuctionRequest {
  const fields = toAuctionFields(values);
  const body: UpdateAuctionRequest = { ...fields, buyNowPrice: fields.buyNowPrice ?? null };
  if (images.length > 0) body.images = images.slice(0, LIMITS.maxImagesPerAuction);
  return body;
}

/** The multipart body of POST /api/auctions: text fields, then the images (first 3) in `images`. */
export function toCreateFormData(values: AuctionFormValues, files: readonly File[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(toAuctionFields(values))) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  for (const file of files.slice(0, LIMITS.maxImagesPerAuction)) form.append('images', file, file.name);
  return form;
}

/** Form values from an existing auction: the edit form, and re-listing an unsold one. */
export function valuesFromAuction(
  auction: Partial<
    Pick<Auction, 'title' | 'description' | 'category' | 'auctionDuration' | 'startingPrice' | 'buyNowPrice'>
  >,
  durations: readonly string[] = DEFAULT_AUCTION_DURATIONS,
): AuctionFormValues {
  const buyNow = typeof auction.buyNowPrice === 'number' && auction.buyNowPrice > 0 ? auction.buyNowPrice : null;
  return {
    title: auction.title ?? '',
    description: auction.description ?? '',
    category:
      auction.category && (CATEGORY_VALUES as readonly string[]).includes(auction.category) ? auction.category : '',
    auctionDuration:
      auction.auctionDuration && durations.includes(auction.auctionDuration) ? auction.auctionDuration : '',
    startingPrice: typeof auction.startingPrice === 'number' ? String(auction.startingPrice) : '',
    hasBuyNow: buyNow !== null,
    buyNowPrice: buyNow !== null ? String(buyNow) : '',
  };
}

export interface FileCheck {
  /** Files to keep, in the order chosen, never more than the free places. */
  accepted: File[];
  /** One message per refused file (not an image, over 5 MB) and one when places ran out. */
  errors: string[];
}

/**
 * Checks newly chosen files before any upload: images only, at most 5 MB each, and only as many
 * as there are free places (the first ones are used).
 */
export function checkChosenFiles(files: readonly File[], alreadyChosen: number): FileCheck {
  const accepted: File[] = [];
  const errors: string[] = [];
  let tooMany = false;
  for (const file of files) {
    if (!file.type.startsWith('image/')) {
      errors.push(m.IMAGE_NOT_IMAGE(file.name));
      continue;
    }
    if (file.size > LIMITS.imageMaxBytes) {
      errors.push(m.IMAGE_TOO_LARGE(file.name));
      continue;
    }
    if (alreadyChosen + accepted.length >= LIMITS.maxImagesPerAuction) {
      tooMany = true;
      continue;
    }
    accepted.push(file);
  }
  if (tooMany) errors.push(m.IMAGES_TOO_MANY);
  return { accepted, errors };
}

/** The image count rule at submit: create needs 1–3; edit may keep the current ones (0). */
export function imagesError(count: number, mode: 'create' | 'edit'): string | null {
  if (count > LIMITS.maxImagesPerAuction) return m.IMAGES_TOO_MANY;
  if (mode === 'create' && count < 1) return m.IMAGES_REQUIRED;
  return null;
}

/** Why an auction cannot be edited by this member (R-EDIT-ONCE), or null when it can. */
export function editRefusal(
  auction: Pick<Auction, 'seller' | 'status' | 'bidCount' | 'bids' | 'hasBeenEdited'>,
  userId: string | null | undefined,
): string | null {
  if (!userId || auction.seller?._id !== userId) return m.NOT_OWNER;
  if ((auction.bidCount ?? 0) > 0 || (auction.bids?.length ?? 0) > 0) return m.HAS_BIDS;
  if (auction.hasBeenEdited) return m.ALREADY_EDITED;
  if (auction.status !== AuctionStatus.Active) return m.NOT_ACTIVE;
  return null;
}
