import type { ServiceInputs } from '../../../machines/onboarding/index.ts';
import {
  type AddressInput,
  AddressListResponse,
  AddressSaveResponse,
  AuthResponse,
  CartAddressListResponse,
  DeletionStatusResponse,
  GoogleConfigResponse,
  OtpSentResponse,
  type OtpType,
  PincodeResponse,
  ProfileResponse,
  SentResponse,
} from '../../../schemas/account.ts';
import { del, get, post, put } from '../../api/client.ts';
import { encryptPassword } from './password-crypto.ts';

// Every sign-in and account call of SPEC §7, typed by the shared schemas. Passwords leave the browser encrypted.

// On the login page a 401 is an answer to show, not a reason to navigate (the shopper is already there).
const stay = { on401: 'silent' as const, allow404: true };

export const authApi = {
  exists: (identifier: string, c_code: string) => post('/api/auth/exists', { email_or_mobile: identifier, c_code }, AuthResponse, stay),
  validate: (email: string, mobile: string, c_code: string) => post('/api/auth/validate', { email, mobile, c_code }, AuthResponse, stay),
  sendOtp: (type: OtpType, identifier: string, c_code: string) =>
    post('/api/auth/otp', { type, email_or_mobile: identifier, c_code }, OtpSentResponse, stay),
  verifyOtp: (type: 'forgotPassword' | 'profile', identifier: string, c_code: string, otp: string) =>
    post('/api/auth/otp/verify', { email_or_mobile: identifier, c_code, otp, type }, AuthResponse, stay),
  loginWithOtp: (identifier: string, c_code: string, otp: string) =>
    post('/api/auth/otp/login', { email_or_mobile: identifier, c_code, otp }, AuthResponse, stay),
  async login(identifier: string, c_code: string, password: string) {
    return post(
      '/api/auth/login',
      { email_or_mobile: identifier, c_code, customer_password: await encryptPassword(password), is_encrypted: true },
      AuthResponse,
      stay,
    );
  },
  loginWithGoogle: (email: string, id_token: string) => post('/api/auth/login/google', { email, id_token }, AuthResponse, stay),
  async register(input: ServiceInputs['register']) {
    const password = input.password ? await encryptPassword(input.password) : undefined;
    return post('/api/auth/register', { ...input, password, is_encrypted: Boolean(password) }, AuthResponse, stay);
  },
  async resetPassword(identifier: string, c_code: string, newPassword: string, existMobile: boolean) {
    return put(
      '/api/auth/password',
      { email_or_mobile: identifier, new_password: await encryptPassword(newPassword), existMobile, c_code, is_encrypted: true },
      AuthResponse,
      stay,
    );
  },
  googleConfig: () => get('/api/auth/google-config', GoogleConfigResponse),
};

export const accountApi = {
  profile: () => get('/api/myAccount/get-profile-values', ProfileResponse),
  saveProfile: (first_name: string, opt_in?: boolean) =>
    post('/api/myAccount/post-profile-values', { first_name, opt_in }, ProfileResponse),
  mobileOtp: (new_mobile: string, c_code: string) =>
    post('/api/myAccount/generate-otp-for-mobile', { new_mobile, c_code }, OtpSentResponse),
  updateMobile: (new_mobile: string, c_code: string, otp: string) =>
    post('/api/myAccount/update-mobile', { new_mobile, c_code, otp }, ProfileResponse),
  emailOtp: (new_email: string) => post('/api/myAccount/generate-otp-for-email', { new_email }, OtpSentResponse),
  updateEmail: (new_email: string, otp: string) => post('/api/myAccount/update-email', { new_email, otp }, ProfileResponse),
  passwordOtp: () => post('/api/myAccount/generate-otp-for-password', {}, OtpSentResponse),
  async updatePassword(otp: string, newPassword: string) {
    return post(
      '/api/myAccount/update-password',
      { otp, new_password: await encryptPassword(newPassword), is_encrypted: true },
      ProfileResponse,
    );
  },
  sendEmailVerification: () => post('/api/myAccount/email-verification', {}, SentResponse),
  verifyEmail: (token: string) => post('/api/myAccount/verify-email-verification', { token }, ProfileResponse),
  cancelEmailVerification: () => post('/api/myAccount/cancel-email-verification', {}, ProfileResponse),
  deletionStatus: () => get('/api/myAccount/customer-status-for-deletion', DeletionStatusResponse),
  deleteOtp: () => post('/api/myAccount/proceed-to-delete-otp', {}, OtpSentResponse),
  deleteProfile: (otp: string, reason?: string) =>
    post('/api/myAccount/delete-profile', { otp, reason: reason || undefined }, DeletionStatusResponse),
  cancelDeletion: () => post('/api/myAccount/cancel-delete-profile', {}, DeletionStatusResponse),
};

export const addressApi = {
  list: () => get('/api/myAddress/user-address-list', AddressListResponse),
  cartList: () => get('/api/myAddress/cart-address-list', CartAddressListResponse),
  save: (address: AddressInput) => post('/api/myAddress/user-address-add-update', address, AddressSaveResponse),
  remove: (addressId: number) => del(`/api/myAddress/user-address-delete?address_id=${addressId}`, AddressListResponse, { allow404: true }),
  pincode: (pincode: string, state?: string) =>
    get(
      `/api/myAddress/fetch-address-pincode?pincode=${encodeURIComponent(pincode)}${state ? `&st=${encodeURIComponent(state)}` : ''}`,
      PincodeResponse,
      { allow404: true },
    ),
};
