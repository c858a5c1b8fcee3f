import type { ServiceInputs } from '../../../machines/onboarding/index.ts';
import type {
  AddressInput,
  AddressListResponse,
  AddressSaveResponse,
  AuthResponse,
  CartAddressListResponse,
  ConfirmOwnerResponse,
  DeletionStatusResponse,
  GoogleConfigResponse,
  OtpSentResponse,
  OtpType,
  PincodeResponse,
  ProfileResponse,
  SentResponse,
} from '../../../schemas/account.ts';
import type { ConsentChangeRequest, ConsentsResponse } from '../../../schemas/consent.ts';
import { del, get, post, put } from '../../api/client.ts';
import { encryptPassword } from './password-crypto.ts';

// Every sign-in and account call of SPEC §7, typed by the shared schemas. Passwords leave the browser encrypted.

export const authApi = {
  exists: (identifier: string, c_code: string) => post<typeof AuthResponse>('/api/auth/exists', { email_or_mobile: identifier, c_code }),
  validate: (email: string, mobile: string, c_code: string) => post<typeof AuthResponse>('/api/auth/validate', { email, mobile, c_code }),
  sendOtp: (type: OtpType, identifier: string, c_code: string) =>
    post<typeof OtpSentResponse>('/api/auth/otp', { type, email_or_mobile: identifier, c_code }),
  verifyOtp: (type: 'forgotPassword' | 'profile', identifier: string, c_code: string, otp: string) =>
    post<typeof AuthResponse>('/api/auth/otp/verify', { email_or_mobile: identifier, c_code, otp, type }),
  loginWithOtp: (identifier: string, c_code: string, otp: string) =>
    post<typeof AuthResponse>('/api/auth/otp/login', { email_or_mobile: identifier, c_code, otp }),
  async login(identifier: string, c_code: string, password: string) {
    return post<typeof AuthResponse>('/api/auth/login', {
      email_or_mobile: identifier,
      c_code,
      customer_password: await encryptPassword(password),
      is_encrypted: true,
    });
  },
  loginWithGoogle: (email: string, id_token: string) => post<typeof AuthResponse>('/api/auth/login/google', { email, id_token }),
  async register(input: ServiceInputs['register']) {
    const password = input.password ? await encryptPassword(input.password) : undefined;
    return post<typeof AuthResponse>('/api/auth/register', { ...input, password, is_encrypted: Boolean(password) });
  },
  async resetPassword(identifier: string, c_code: string, newPassword: string, existMobile: boolean) {
    return put<typeof AuthResponse>('/api/auth/password', {
      email_or_mobile: identifier,
      new_password: await encryptPassword(newPassword),
      existMobile,
      c_code,
      is_encrypted: true,
    });
  },
  googleConfig: () => get<typeof GoogleConfigResponse>('/api/auth/google-config'),
};

export const accountApi = {
  profile: () => get<typeof ProfileResponse>('/api/myAccount/get-profile-values'),
  consents: () => get<typeof ConsentsResponse>('/api/myAccount/consents'),
  changeConsent: (body: ConsentChangeRequest) => post<typeof ConsentsResponse>('/api/myAccount/consents', body),
  saveProfile: (first_name: string, opt_in?: boolean) =>
    post<typeof ProfileResponse>('/api/myAccount/post-profile-values', { first_name, opt_in }),
  mobileOtp: (new_mobile: string, c_code: string) =>
    post<typeof OtpSentResponse>('/api/myAccount/generate-otp-for-mobile', { new_mobile, c_code }),
  updateMobile: (new_mobile: string, c_code: string, otp: string) =>
    post<typeof ProfileResponse>('/api/myAccount/update-mobile', { new_mobile, c_code, otp }),
  emailOtp: (new_email: string) => post<typeof OtpSentResponse>('/api/myAccount/generate-otp-for-email', { new_email }),
  updateEmail: (new_email: string, otp: string) => post<typeof ProfileResponse>('/api/myAccount/update-email', { new_email, otp }),
  ownerOtp: () => post<typeof OtpSentResponse>('/api/myAccount/generate-otp-for-owner', {}),
  confirmOwner: async (proof: { password: string } | { otp: string }) => {
    const body = 'otp' in proof ? { otp: proof.otp } : { password: await encryptPassword(proof.password), is_encrypted: true };
    return post<typeof ConfirmOwnerResponse>('/api/myAccount/confirm-owner', body);
  },
  passwordOtp: () => post<typeof OtpSentResponse>('/api/myAccount/generate-otp-for-password', {}),
  async updatePassword(otp: string, newPassword: string) {
    return post<typeof ProfileResponse>('/api/myAccount/update-password', {
      otp,
      new_password: await encryptPassword(newPassword),
      is_encrypted: true,
    });
  },
  sendEmailVerification: () => post<typeof SentResponse>('/api/myAccount/email-verification', {}),
  verifyEmail: (token: string) => post<typeof ProfileResponse>('/api/myAccount/verify-email-verification', { token }),
  cancelEmailVerification: () => post<typeof ProfileResponse>('/api/myAccount/cancel-email-verification', {}),
  deletionStatus: () => get<typeof DeletionStatusResponse>('/api/myAccount/customer-status-for-deletion'),
  deleteOtp: () => post<typeof OtpSentResponse>('/api/myAccount/proceed-to-delete-otp', {}),
  deleteProfile: (otp: string, reason?: string) =>
    post<typeof DeletionStatusResponse>('/api/myAccount/delete-profile', { otp, reason: reason || undefined }),
  cancelDeletion: () => post<typeof DeletionStatusResponse>('/api/myAccount/cancel-delete-profile', {}),
};

export const addressApi = {
  list: () => get<typeof AddressListResponse>('/api/myAddress/user-address-list'),
  cartList: () => get<typeof CartAddressListResponse>('/api/myAddress/cart-address-list'),
  save: (address: AddressInput) => post<typeof AddressSaveResponse>('/api/myAddress/user-address-add-update', address),
  remove: (addressId: number) => del<typeof AddressListResponse>(`/api/myAddress/user-address-delete?address_id=${addressId}`),
  pincode: (pincode: string, state?: string) =>
    get<typeof PincodeResponse>(
      `/api/myAddress/fetch-address-pincode?pincode=${encodeURIComponent(pincode)}${state ? `&st=${encodeURIComponent(state)}` : ''}`,
    ),
};
