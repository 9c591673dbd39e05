/** "ساعة واحدة، 24 ساعة، 3 أيام، أسبوع أو شهر". */
export function listInArabic(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join('، ')} أو ${items[items.length - 1]}`;
}
