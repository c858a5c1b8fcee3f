export { type DirectoryLoad, loadPincodeDirectory, statesNear } from './pincode-directory.ts';
export { addRetailerInfo, citiesList, storesList } from './service.ts';
