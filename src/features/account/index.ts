// The account feature's public surface: the header link and the sign-in view the model tests drive. The session
// (useAuth) and the return path kept across sign-in (SPEC §2) are shared infrastructure, in src/api/.
export { AccountLink } from './components/AccountLink.tsx';
export { OnboardingView, type OnboardingViewProps } from './components/OnboardingView.tsx';
// The address form checkout's address step reuses; the form fields themselves are the form kit's (src/ui/form).
export { AddressForm, type Draft, EMPTY_ADDRESS } from './pages/Addresses.tsx';
export { addressApi } from './api.ts';
// The owner's proof before a change another feature makes (the refund bank account in the return form).
export { needsOwnerProof } from './components/ConfirmOwner.tsx';
export { OwnerProofDialog } from './components/OwnerProofDialog.tsx';
