import { sentNotice } from './setup.ts';
import { OTP_NOTICES } from './types.ts';

// SPEC §4 OTP notices: the sent notice has a wording for an email, a mobile, registration, and a default.
test.each([
  ['login', 'asha@kasrat.test', OTP_NOTICES.sentEmail],
  ['forgotPassword', '9123456789', OTP_NOTICES.sentMobile],
  ['register', 'asha@kasrat.test', OTP_NOTICES.sentRegister],
  ['profile', '91234', OTP_NOTICES.sent],
] as const)('an OTP of type %s sent to %s says the right thing', (type, to, notice) => {
  expect(sentNotice(type, to)).toBe(notice);
});
