/** Query keys of the operator-edited site content. */
export const siteContentKeys = {
  all: ['site-content'] as const,
};
