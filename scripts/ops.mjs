// `npm run ops -- <command>`: the operations API from a terminal (docs/architecture.md "Operations").
//   npm run ops -- show <shipment>
//   npm run ops -- pack|out-for-delivery|deliver|pickup-return|receive-return <shipment> [--at "2026-11-05 10:00"] [--note text]
//   npm run ops -- ship <shipment> --awb <AWB>
//   npm run ops -- retry-refunds
//   npm run ops -- search-sync | search-status   (send the search indexes to the provider; the provider's fallbacks)
//   npm run ops -- create-staff --email a@b.in --role owner|catalogue|fulfilment|support|marketing [--name N] [--password P]
//     prints the TOTP secret and otpauth URL once (and the password when it made one up): add them to an authenticator.
// OPS_TOKEN authenticates; OPS_URL (default http://127.0.0.1:$PORT, PORT 3000) is the store. A time without a
// zone is India time (SPEC §9).
const [command, ...rest] = process.argv.slice(2);
const flags = {};
const args = [];
for (let i = 0; i < rest.length; i++) {
  if (rest[i].startsWith('--')) flags[rest[i].slice(2)] = rest[++i];
  else args.push(rest[i]);
}
const base = (process.env.OPS_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`).replace(/\/$/, '');
const token = process.env.OPS_TOKEN;
const usage =
  'usage: npm run ops -- <show|pack|ship|out-for-delivery|deliver|pickup-return|receive-return> <shipment> [--awb X] [--at TIME] [--note TEXT] | retry-refunds | search-sync | search-status | create-staff --email E --role R';
if (!token) {
  console.error('OPS_TOKEN is not set.');
  process.exit(2);
}
const moves = ['pack', 'ship', 'out-for-delivery', 'deliver', 'pickup-return', 'receive-return'];
let request;
if (command === 'create-staff' && flags.email && flags.role) {
  const { randomBytes } = await import('node:crypto');
  const password = flags.password ?? randomBytes(12).toString('base64url');
  if (!flags.password) console.log(`password: ${password}`);
  request = {
    method: 'POST',
    path: '/api/ops/staff',
    body: { email: flags.email, role: flags.role, password, ...(flags.name ? { name: flags.name } : {}) },
  };
} else if (command === 'retry-refunds') request = { method: 'POST', path: '/api/ops/refunds/retry', body: {} };
else if (command === 'search-sync') request = { method: 'POST', path: '/api/ops/search/sync' };
else if (command === 'search-status') request = { method: 'GET', path: '/api/ops/search/status' };
else if (command === 'show' && args[0]) request = { method: 'GET', path: `/api/ops/shipments/${encodeURIComponent(args[0])}` };
else if (moves.includes(command) && args[0]) {
  const body = {};
  for (const key of ['awb', 'at', 'note']) if (flags[key] !== undefined) body[key] = flags[key];
  request = { method: 'POST', path: `/api/ops/shipments/${encodeURIComponent(args[0])}/${command}`, body };
} else {
  console.error(usage);
  process.exit(2);
}
try {
  const res = await fetch(base + request.path, {
    method: request.method,
    headers: { authorization: `Bearer ${token}`, ...(request.body ? { 'content-type': 'application/json' } : {}) },
    body: request.body ? JSON.stringify(request.body) : undefined,
  });
  const answer = await res.json().catch(() => ({ message: res.statusText }));
  if (!res.ok) {
    console.error(`${res.status}: ${answer.message}`);
    process.exit(1);
  }
  console.log(answer.message);
  console.log(JSON.stringify(answer.data, null, 2));
} catch (error) {
  console.error(`Cannot reach ${base}: ${error.message}`);
  process.exit(1);
}
