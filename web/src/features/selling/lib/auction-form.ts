/**
 * The create/edit auction form: its zod schema (the shared field rules of @mazad/contracts), the live buy-now
 * message, the checks made on chosen image files before anything is uploaded, and the mapping
 * of the form's values to the request bodies.
 */
import {
  CATEGORY_VALUES,
  cleanNumberText,
  DEFAULT_AUCTION_DURATIONS,
  FIELDS,
  jodToFils,
  LIMITS,
  type Auction,
  type CreateAuctionRequest,
  type UpdateAuctionRequest,
} from '@mazad/contracts';
import { fields } from '@/lib/field-schemas';
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

type PriceCheck = { ok: true; value: number } | { ok: false; message: string };

/**
 * Reads a typed JOD amount by a shared amount rule (the starting price unless told), as people
 * type it (the rule reads «١٬٢٥٠٫٥» and a pasted "1,250.500": contracts' parseNumber,
 * R-NUMBER-INPUT): its value, or the rule's message (required, not a number, over 3 decimals,
 * below 1 JOD, too high).
 */
export function readPrice(
  text: string | undefined | null,
  rule: z.ZodType<number | undefined> = fields.startingPrice,
): PriceCheck {
  const result = rule.safeParse(text ?? '');
  if (!result.success) return { ok: false, message: result.error.issues[0].message };
  return result.data === undefined ? { ok: false, message: BUY_NOW.required } : { ok: true, value: result.data };
}

const BUY_NOW = FIELDS.buyNowPrice.messages;

/**
 * The buy-now message shown live while typing (R-AUCTION-FIELDS): only when the box is ticked and both
 * prices read as numbers, and the buy-now price is not strictly above the starting price.
 */
export function buyNowLiveMessage(
  values: Pick<AuctionFormValues, 'hasBuyNow' | 'startingPrice' | 'buyNowPrice'>,
): string | null {
  if (!values.hasBuyNow) return null;
  const buyNow = readPrice(values.buyNowPrice, fields.buyNowPrice);
  const starting = readPrice(values.startingPrice);
  if (!buyNow.ok || !starting.ok) return null;
  return jodToFils(buyNow.value)! > jodToFils(starting.value)! ? null : BUY_NOW.notAbove;
}

/** Why the ticked buy-now price cannot be sent, or null (unticked, or a fine price). */
function buyNowProblem(values: Pick<AuctionFormValues, 'hasBuyNow' | 'startingPrice' | 'buyNowPrice'>): string | null {
  if (!values.hasBuyNow) return null;
  // Unticking the box is the way out of a buy-now price, so an empty one says so.
  if (cleanNumberText(values.buyNowPrice ?? '') === '') return m.BUY_NOW_REQUIRED;
  const buyNow = readPrice(values.buyNowPrice, fields.buyNowPrice);
  return buyNow.ok ? buyNowLiveMessage(values) : buyNow.message;
}

/**
 * The schema of the form, from the shared field rules; `durations` are the values the server
 * accepts (GET /api/settings). Prices stay text in the form (typed with Arabic digits or
 * separators) and are read on submit.
 */
export function auctionFormSchema(durations: readonly string[] = DEFAULT_AUCTION_DURATIONS) {
  const typed = z.object({
    title: fields.auctionTitle,
    description: fields.auctionDescription,
    category: fields.choice(FIELDS.auctionCategory, CATEGORY_VALUES),
    auctionDuration: fields.choice(FIELDS.auctionDuration, durations),
    startingPrice: z.string().superRefine((text, ctx) => {
      const starting = readPrice(text);
      if (!starting.ok) ctx.addIssue({ code: 'custom', message: starting.message });
    }),
    hasBuyNow: z.boolean(),
    buyNowPrice: z.string(),
  });
  // The buy-now price against the starting price, as a schema of its own beside the fields' (an
  // intersection runs both): a failed shared-field check stops its object's later checks, and
  // every message should show at once.
  const buyNow = z
    .object({ hasBuyNow: z.boolean(), startingPrice: z.string(), buyNowPrice: z.string() })
    .refine((values) => buyNowProblem(values) === null, {
      path: ['buyNowPrice'],
      error: (issue) => buyNowProblem(issue.input as AuctionFormValues) ?? undefined,
    });
  return z.intersection(typed, buyNow);
}

/** The JSON/multipart fields of a valid form. The buy-now price is sent only when ticked. */
export function toAuctionFields(values: AuctionFormValues): CreateAuctionRequest {
  const starting = readPrice(values.startingPrice);
  const buyNow = values.hasBuyNow ? readPrice(values.buyNowPrice, fields.buyNowPrice) : null;
  const request: CreateAuctionRequest = {
    title: values.title.trim(),
    description: values.description.trim(),
    category: values.category,
    auctionDuration: values.auctionDuration,
    startingPrice: starting.ok ? starting.value : NaN,
  };
  if (buyNow?.ok) request.buyNowPrice = buyNow.value;
  return request;
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
