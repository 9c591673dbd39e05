import sharp from 'sharp';

/**
 * The picture of a sharing preview (share-images.ts): a 1200 × 630 JPEG, the size and the
 * formats WhatsApp, Facebook, Telegram and X show large (an SVG is not shown at all). On the
 * brand's teal, right to left: the mark and the site's name, the heading (an auction's title, a
 * member's name) in up to three lines, a label and a line in the accent colour (the price), and
 * on the left the cover (the auction's first photo, the member's picture) or the mark, large.
 *
 * Text is drawn by Pango (sharp's text input) in Noto Kufi Arabic, the web app's own typeface,
 * from the font files shipped in the package @expo-google-fonts/noto-kufi-arabic (TrueType:
 * the web's @fontsource files are WOFF, which sharp's FreeType does not read), so the card is
 * the same on a machine without fonts (the production image has none). Pango shapes and orders
 * the Arabic; each paragraph opens with a right-to-left mark, so a title starting with a Latin
 * word ("iPhone 15 …") is still laid out right to left.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What a card shows. */
export interface ShareCardContent {
  /** The large text: an auction's title, a member's name, the site's motto. */
  heading: string;
  /** A short line under it ("السعر الحالي"). */
  label: string;
  /** The line in the accent colour (the price), or the label's continuation. */
  highlight: string;
  /** The cover, already decoded and cropped by `coverTile` (or none: the mark instead). */
  cover?: Buffer;
}

const COLORS = { brand: '#0f766e', brandDark: '#115e59', text: '#ffffff', muted: '#ccfbf1', accent: '#fbbf24' };
const FONT_FAMILY = 'Noto Kufi Arabic';
const FONT_FILES = {
  bold: require.resolve('@expo-google-fonts/noto-kufi-arabic/700Bold/NotoKufiArabic_700Bold.ttf'),
  regular: require.resolve('@expo-google-fonts/noto-kufi-arabic/400Regular/NotoKufiArabic_400Regular.ttf'),
};

const MARGIN = 60;
/** The cover's square, on the left. */
export const COVER_SIZE = CARD_HEIGHT - 2 * MARGIN - 20;
const COVER_RADIUS = 28;
/** The text column, on the right (its right edge is the card's margin). */
const TEXT_WIDTH = CARD_WIDTH - 3 * MARGIN - COVER_SIZE;
const TEXT_RIGHT = CARD_WIDTH - MARGIN;
const HEADING_MAX_LINES = 3;
/** Longest heading tried before shortening word by word (the card holds about three lines of 26). */
const HEADING_MAX_CHARS = 90;

/** Text for Pango markup: `&`, `<`, `>` and quotes are markup there. */
const escapeMarkup = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Right-to-left mark: the paragraph's direction whatever its first letter. */
const RTL = '\u200f';

/** One block of text as a transparent PNG, at most `width` wide, lines flush right. */
async function textBlock(text: string, weight: keyof typeof FONT_FILES, sizePx: number, color: string, width: number) {
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${color}">${RTL}${escapeMarkup(text)}</span>`,
      font: `${FONT_FAMILY} ${weight === 'bold' ? 'Bold ' : ''}${sizePx}`,
      fontfile: FONT_FILES[weight],
      width,
      // Pango flips left and right for right-to-left paragraphs: "left" is their start, the right.
      align: 'left',
      wrap: 'word-char',
      rgba: true,
      dpi: 72,
    },
  })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** The heading in at most HEADING_MAX_LINES lines: longer text loses words from its end, and gets "…". */
async function headingBlock(heading: string) {
  const size = 50;
  const maxHeight = Math.ceil(size * 1.75 * HEADING_MAX_LINES);
  const flat = heading.replace(/\s+/g, ' ').trim();
  let text = flat.length > HEADING_MAX_CHARS ? `${flat.slice(0, HEADING_MAX_CHARS).trimEnd()}…` : flat;
  for (;;) {
    const block = await textBlock(text, 'bold', size, COLORS.text, TEXT_WIDTH);
    const words = text.replace(/…$/, '').split(' ');
    if (block.height <= maxHeight || words.length <= 1) return block;
    // Keep the share of the words that fits (one word less at least), then try again.
    const keep = Math.min(words.length - 1, Math.max(1, Math.floor((words.length * maxHeight) / block.height)));
    text = `${words.slice(0, keep).join(' ')}…`;
  }
}

/** The mark of web/public/logo.svg (the gavel and the accent bar), `size` pixels square. */
function markSvg(size: number): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="${COLORS.brandDark}" stroke="#ffffff" stroke-opacity="0.25"/>
  <g fill="#fff" transform="rotate(-40 32 32)">
    <rect x="18" y="16" width="28" height="12" rx="3"/>
    <rect x="29" y="28" width="6" height="24" rx="3"/>
  </g>
  <rect x="12" y="48" width="28" height="6" rx="3" fill="${COLORS.accent}"/>
</svg>`);
}

const BACKGROUND = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
  <defs><linearGradient id="g" x1="1" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${COLORS.brand}"/><stop offset="1" stop-color="${COLORS.brandDark}"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <rect x="${TEXT_RIGHT - 160}" y="${CARD_HEIGHT - MARGIN - 10}" width="160" height="10" rx="5" fill="${COLORS.accent}"/>
</svg>`);

/** A rounded square mask for the cover. */
const COVER_MASK = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_SIZE}" height="${COVER_SIZE}"><rect width="100%" height="100%" rx="${COVER_RADIUS}" fill="#fff"/></svg>`,
);

/**
 * A cover image (a stored upload) as the card's rounded square. A file of more than
 * `maxPixels` (more than the uploads are stored at: a hand-placed file) is refused from its
 * header, before a pixel is decoded: a card is never a way to make the server decode a huge
 * picture. The caller runs this in a decode slot.
 */
export async function coverTile(file: string, maxPixels: number): Promise<Buffer> {
  const source = { limitInputPixels: maxPixels, failOn: 'error', sequentialRead: true } as const;
  const { width = 0, height = 0 } = await sharp(file, { ...source, limitInputPixels: false }).metadata();
  if (width * height > maxPixels) throw new Error(`cover of ${width} × ${height} pixels, more than uploads have`);
  return sharp(file, source)
    .rotate()
    .resize(COVER_SIZE, COVER_SIZE, { fit: 'cover' })
    .composite([{ input: COVER_MASK, blend: 'dest-in' }])
    .png()
    .toBuffer();
}

/** The card as a JPEG (about 40–120 KB; WhatsApp leaves out previews of larger images). */
export async function renderShareCard(content: ShareCardContent): Promise<Buffer> {
  const markSize = 72;
  const siteName = await textBlock('مزاد', 'bold', 40, COLORS.text, 300);
  const heading = await headingBlock(content.heading);
  const label = await textBlock(content.label, 'regular', 28, COLORS.muted, TEXT_WIDTH);
  const highlight = await textBlock(content.highlight, 'bold', 52, COLORS.accent, TEXT_WIDTH);
  const flushRight = (width: number) => TEXT_RIGHT - width;

  const layers: sharp.OverlayOptions[] = [
    { input: markSvg(markSize), top: MARGIN, left: TEXT_RIGHT - markSize },
    {
      input: siteName.data,
      top: MARGIN + Math.round((markSize - siteName.height) / 2),
      left: TEXT_RIGHT - markSize - 16 - siteName.width,
    },
  ];
  // From the bottom up: the highlight sits above the accent bar, the label above it, and the
  // heading fills the space under the mark.
  const highlightTop = CARD_HEIGHT - MARGIN - 30 - highlight.height;
  const labelTop = highlightTop - label.height;
  const headingTop = MARGIN + markSize + 24;
  layers.push(
    { input: heading.data, top: headingTop, left: flushRight(heading.width) },
    { input: label.data, top: labelTop, left: flushRight(label.width) },
    { input: highlight.data, top: highlightTop, left: flushRight(highlight.width) },
  );
  const coverTop = Math.round((CARD_HEIGHT - COVER_SIZE) / 2);
  if (content.cover) layers.push({ input: content.cover, top: coverTop, left: MARGIN });
  else {
    const big = 300;
    const offset = Math.round((COVER_SIZE - big) / 2);
    layers.push({ input: markSvg(big), top: coverTop + offset, left: MARGIN + offset });
  }
  return sharp(BACKGROUND).composite(layers).jpeg({ quality: 84 }).toBuffer();
}
