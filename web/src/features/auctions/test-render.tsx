/** @deprecated Moved to '@/testing/test-utils' (features must not import each other's internals). */
export { renderWithApp } from '@/testing/test-utils';
