export { productImageOf, productSvg, uploadedProductImage } from './images.ts';
export { runRetention, readSystemConfig, type RetentionResult } from './service.ts';
export { insertErrorLog } from './queries.ts';
export type { SystemConfig } from './service.ts';
