export { readAppLinks } from './service.ts';
