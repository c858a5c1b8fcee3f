// The account feature's public surface: the session (AuthProvider, useAuth), the header link, the return path
// kept across sign-in (SPEC §2) and the sign-in view the model tests drive.
export { type AuthState, AuthProvider, useAuth } from './AuthContext.tsx';
export { AccountLink } from './components/AccountLink.tsx';
export { OnboardingView, type OnboardingViewProps } from './components/OnboardingView.tsx';
export { isSafeReturnPath, rememberReturnTo, takeReturnTo } from './return-to.ts';
// Form pieces and the page-data hook other features' forms reuse (checkout's address step, content forms).
export { Alert, EmailField, FieldFrame, PhoneField, TextField } from './components/Fields.tsx';
export { useResource } from './hooks/useResource.ts';
export { AddressForm, type Draft, EMPTY_ADDRESS } from './pages/Addresses.tsx';
export * as formStyles from './components/form-styles.ts';
export { addressApi } from './api.ts';
// The owner's proof before a change another feature makes (the refund bank account in the return form).
export { needsOwnerProof } from './components/ConfirmOwner.tsx';
export { OwnerProofDialog } from './components/OwnerProofDialog.tsx';
