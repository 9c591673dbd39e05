// What a k6 watcher reads from a `new_bid` frame (test/k6-socket-io.test.mjs checks both message shapes).

export const NEW_BID_FRAME = '42["new_bid",';

/** The raw JSON value after `"key":` in `text` from `from` on (a string's content, or a number's digits). */
function valueAfter(text, key, from) {
  const at = text.indexOf(`"${key}":`, from);
  if (at < 0) return null;
  const start = at + key.length + 3;
  if (text[start] === '"') return text.slice(start + 1, text.indexOf('"', start + 1));
  let end = start;
  while (end < text.length && text[end] !== ',' && text[end] !== '}' && text[end] !== ']') end += 1;
  return text.slice(start, end);
}

/**
 * A `new_bid` frame `42["new_bid",{"auction":{…,"currentPrice":…},"bid":{…,"createdAt":…}}]` —
 * the bulk of a watcher's traffic — read without parsing the whole message (k6's JavaScript is
 * slow, and shares the machine with the server under test). Holds for the lean live view and
 * the full auction alike: `currentPrice` first appears as the auction's own, and `bid` is the
 * latest bid the message reports.
 */
export function readNewBid(frame) {
  const price = valueAfter(frame, 'currentPrice', 0);
  const bidAt = frame.indexOf('"bid":{');
  return {
    currentPrice: price === null ? undefined : Number(price),
    createdAt: bidAt < 0 ? null : valueAfter(frame, 'createdAt', bidAt),
  };
}
