// The demo customer seeded with development tools on (server/db/seed/seed.ts), as the browser tests and the web
// bench sign in with it, and its delivery address in a pincode served with pay on delivery (seeded 110001).

export const DEMO_SIGN_IN = { email_or_mobile: 'demo@kasrat.test', c_code: '+91', customer_password: 'Demo@1234', is_encrypted: false };

export const DEMO_ADDRESS = {
  full_name: 'Demo Customer',
  mobile: '9876543210',
  c_code: '+91',
  pincode: '110001',
  address: 'Flat 4, 12 Janpath Road',
  landmark: 'Near the metro',
  city: 'New Delhi',
  state: 'Delhi',
  address_type: 2,
};
