export { importerMetaResolver } from './meta.ts';
export { certificateSvg } from './certificate-document.ts';
export {
  authenticate,
  brandCertificates,
  brandList,
  certificateDocument,
  importerBrandCertificate,
  importerBrandListData,
  importerBrandNames,
  importerList,
} from './service.ts';
