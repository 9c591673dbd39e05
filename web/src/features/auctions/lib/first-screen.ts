/** Cards whose image may be the first screen's largest element: loaded at once, first. */
export const FIRST_SCREEN_CARDS = 2;
