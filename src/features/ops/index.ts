// The operations console (docs/decisions/019): one lazily loaded page at /ops, nothing a shopper page imports.
export { findVariants, staffMe } from './api.ts';
