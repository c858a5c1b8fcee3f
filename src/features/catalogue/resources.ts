import { resource } from '../../api/route-data.ts';
import { catalogueApi } from './api.ts';

// The catalogue pages' data, each named once (src/api/route-data.ts): the pages' hooks and the route loaders that
// load it on the server use these, so a key cannot differ between the two.

export const homeResource = () => resource('home', (signal) => catalogueApi.home({ signal }));
export const productResource = (pid: number) => resource(`pdp:${pid}`, (signal) => catalogueApi.product(pid, { signal }));
/** The real title of a catalogue page (the server's rules, GET /api/seo/page-seo-meta). */
export const seoResource = (path: string) => resource(`seo:${path}`, (signal) => catalogueApi.seoMeta(path, { signal }));
export const offersResource = (id: number) => resource(`offers:${id}`, (signal) => catalogueApi.productOffers(id, { signal }));
export const rangeResource = (id: number) => resource(`range:${id}`, (signal) => catalogueApi.productRange(id, { signal }));
export const relatedResource = (id: number) => resource(`related:${id}`, (signal) => catalogueApi.related(id, { signal }));
export const similarResource = (id: number) => resource(`similar:${id}`, (signal) => catalogueApi.recommendation(id, { signal }));
export const sourceResource = (id: number) => resource(`source:${id}`, (signal) => catalogueApi.sourceProduct(id, { signal }));
export const declarationsResource = (id: number) => resource(`declarations:${id}`, (signal) => catalogueApi.declarations(id, { signal }));
export const brandGroupsResource = () => resource('brand-groups', (signal) => catalogueApi.brandGroups({ signal }));
export const menuResource = () => resource('menu', (signal) => catalogueApi.menu({ signal }));
