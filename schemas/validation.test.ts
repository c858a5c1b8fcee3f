import {
  acceptPhonePaste,
  EmailOrMobileSchema,
  EmailSchema,
  firstError,
  FullNameSchema,
  identifierError,
  identifierKind,
  isBlockedPhoneKey,
  isValidEmail,
  keepAllowedCharacters,
  MESSAGES,
  MobileSchema,
  matchesInputPattern,
  normaliseEmailInput,
  normaliseIdentifier,
  normaliseIdentifierInput,
  normaliseOtpInput,
  normalisePhoneInput,
  OtpSchema,
  PasswordSchema,
  ProfileMobileSchema,
  ProfileOtpSchema,
  stripSpaces,
} from './validation.ts';

describe('SPEC §5 messages per field', () => {
  test.each([
    [EmailSchema, 'not-an-email', MESSAGES.email],
    [EmailSchema, 'a😀@b.co', MESSAGES.email],
    [EmailOrMobileSchema, 'abc', MESSAGES.emailOrPhone],
    [MobileSchema, '98765', MESSAGES.mobile],
    [MobileSchema, '98765432101', MESSAGES.mobile],
    [ProfileMobileSchema, '', MESSAGES.mobileEmpty],
    [ProfileMobileSchema, '123', MESSAGES.mobile],
    [PasswordSchema, '12345', MESSAGES.passwordMin],
    [PasswordSchema, 'x'.repeat(51), MESSAGES.passwordMax],
    [FullNameSchema, '', MESSAGES.nameRequired],
    [FullNameSchema, 'Al', MESSAGES.nameMin],
    [FullNameSchema, 'A'.repeat(51), MESSAGES.nameMax],
    [FullNameSchema, 'Agent 007', MESSAGES.namePattern],
    [OtpSchema, '', MESSAGES.otpEmpty],
    [OtpSchema, '123456789', MESSAGES.otpMax],
    [ProfileOtpSchema, '', MESSAGES.otpProfileEmpty],
    [ProfileOtpSchema, '123', MESSAGES.otpProfileMin],
  ])('%#: %s gives its message', (schema, value, message) => {
    expect(firstError(schema, value)).toBe(message);
  });

  test.each([
    [EmailSchema, 'shopper@kasrat.in'],
    [EmailSchema, 'a.b+c@[10.0.0.1]'],
    [MobileSchema, '9876543210'],
    [PasswordSchema, 'secret'],
    [PasswordSchema, 'x'.repeat(50)],
    [FullNameSchema, 'Asha Rao'],
    [OtpSchema, '12345678'],
    [ProfileOtpSchema, '1234'],
  ])('%#: %s is accepted', (schema, value) => {
    expect(firstError(schema, value)).toBeNull();
  });

  test('email pattern: letters-only TLD, no emoji', () => {
    expect(isValidEmail('a@b.c1')).toBe(false);
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('💪@b.co')).toBe(false);
  });

  test('the combined field has one message, whichever kind was meant', () => {
    expect(identifierError('98765')).toBe(MESSAGES.emailOrPhone);
    expect(identifierError('a@b')).toBe(MESSAGES.emailOrPhone);
    expect(identifierError('9876543210')).toBeNull();
    expect(identifierError('a@b.co')).toBeNull();
  });
});

describe('SPEC §5 character patterns', () => {
  test.each([
    ['text', 'Whey 100 Gold', true],
    ['text', 'Whey-100', false],
    ['email', "a.b+c'd_e@f-g=h?i/j*k~l&m#n$o!p%q", true],
    ['email', 'a b@c.d', false],
    ['email', 'a<b@c.d', false],
    ['address', 'Flat 4, Block (B) [East] #12; Road: 5/6 - near *park*.\nDelhi', true],
    ['address', 'Flat 4 @ home', false],
    ['address', 'Flat "4"', false],
    ['number', '123456', true],
    ['number', '12a', false],
    ['landmark', 'Near #3, Opp. Mall - Gate: 2', true],
    ['landmark', 'Near (mall)', false],
    ['textarea', "Hello + 50% | A & B's / x: y. (z), a_b - c", true],
    ['textarea', 'Hello\nworld', false],
    ['textarea', 'a;b', false],
    ['mystery', '<anything goes>', true],
  ])('%s: %j → %s', (kind, value, expected) => {
    expect(matchesInputPattern(kind, value)).toBe(expected);
  });
});

describe('SPEC §5 phone key blocking and paste', () => {
  test.each([
    '!',
    '&',
    '?',
    '(',
    ')',
    '=',
    '+',
    '#',
    '$',
    '*',
    '[',
    ']',
    '{',
    '}',
    '^',
    '>',
    '<',
    '_',
    '~',
    '`',
    '|',
    ' ',
    'ArrowUp',
    'ArrowDown',
  ])('key %j is blocked on any phone field', (key) => {
    expect(isBlockedPhoneKey(key, false)).toBe(true);
    expect(isBlockedPhoneKey(key, true)).toBe(true);
  });
  test.each(['.', 'e', '-'])('key %j is blocked only when only a phone number is expected', (key) => {
    expect(isBlockedPhoneKey(key, false)).toBe(false);
    expect(isBlockedPhoneKey(key, true)).toBe(true);
  });
  test.each(['1', '0', 'Backspace', 'Tab', 'ArrowLeft', 'a', '@'])('key %j passes on the combined field', (key) => {
    expect(isBlockedPhoneKey(key, false)).toBe(false);
  });
  test.each([
    [' 98765 43210 ', undefined, '9876543210'],
    ['98765\t43210', 10, '9876543210'],
    ['9876543210999', 10, '9876543210'],
    ['98765-43210', undefined, null],
    ['+919876543210', undefined, null],
    ['abc', undefined, null],
    ['', undefined, null],
  ])('paste %j (max %s) → %j', (text, max, expected) => {
    expect(acceptPhonePaste(text, max)).toBe(expected);
  });
});

describe('SPEC §5 input normalisers', () => {
  test.each([
    ['normaliseEmailInput', normaliseEmailInput('  Shopper @Kasrat.IN '), 'shopper@kasrat.in'],
    ['normalisePhoneInput', normalisePhoneInput('98a76-54 32109999'), '9876543210'],
    ['normaliseOtpInput', normaliseOtpInput('12 34-56789'), '12345678'],
    ['stripSpaces', stripSpaces(' my pass word '), 'mypassword'],
    ['identifier phone', normaliseIdentifierInput('98765 432109'), '9876543210'],
    ['identifier email', normaliseIdentifierInput('A B@C.CO'), 'ab@c.co'],
    ['server identifier phone', normaliseIdentifier(' 98765-43210 '), '9876543210'],
    ['server identifier email', normaliseIdentifier(' Demo@Kasrat.Test '), 'demo@kasrat.test'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
  test('identifier kind follows the digits', () => {
    expect(identifierKind('98765')).toBe('phone');
    expect(identifierKind('9a')).toBe('email');
  });
});

describe('SPEC §5 patterns applied while typing', () => {
  test.each([
    ['address', 'Flat 4 @ "Home", Road #2', 'Flat 4  Home, Road #2'],
    ['landmark', 'Near (mall) #3', 'Near mall #3'],
    ['number', '12a3', '123'],
    ['text', 'Hello-World 1', 'HelloWorld 1'],
    ['unknown', '<x>', '<x>'],
  ])('%s: %j → %j', (kind, value, expected) => {
    expect(keepAllowedCharacters(kind, value)).toBe(expected);
  });
});
