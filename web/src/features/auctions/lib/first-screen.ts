/** Cards whose image may be the first screen's largest element: loaded at once, first. */
export const FIRST_SCREEN_CARDS = 2;
/**
 * Cards rendered before the others: more than a phone's first screen shows (4 or 5 rows of the
 * compact list under the filters), a desktop's first row. The rest of the list follows once these
 * have painted (hooks/use-first-screen-painted.ts), appended below them: nothing shown moves.
 */
export const FIRST_SCREEN_BATCH = 6;
