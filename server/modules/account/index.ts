export { type AddressRow, purgeDueDeletions, toAddress } from './queries.ts';
export { unlistedService } from './pincodes.ts';
export { type AccountChangeKind, maskedContact, recordAccountChange, requireOwnerProof } from './owner.ts';
export { disownChange, liveNotMeChange } from './owner.ts';
export { markSessionOpenedByChange, OWNER_MESSAGES, OWNER_PROOF_MS, recordOwnerProof } from './owner.ts';
export { findPincode, listedService, placeOf, serviceabilityOf } from './pincodes.ts';
export {
  type AddressValues,
  cancelDeletion,
  deleteAddress,
  listAddresses,
  saveAddress,
  scheduleDeletion,
} from './queries.ts';
export { ACCOUNT_MESSAGES, type AccountDeps, contactOf, profileValues, verifiedContactOf } from './service.ts';
export {
  type AccountChangeLine,
  accountChangeLog,
  FREEZE_MESSAGES,
  type FreezeState,
  freezeState,
  liftFreeze,
  revertFrozenChange,
  unfreezeCheck,
} from './freeze.ts';
