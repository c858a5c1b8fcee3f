#!/usr/bin/env node
// Writes docs/configuration.md from the code: every environment variable the server reads, found in the zod
// schemas it validates its environment with (`z.object({ NAME: z…default(x) })` in a server file that reads the
// environment) and in direct reads (`process.env.NAME`, `env.NAME`, `env[NAME_VAR]`). Defaults, accepted values
// and the rules a value must meet (the schemas' refinements: "required in production", …) come from the source
// text, so the page changes only when the code does. The meaning of a setting is its `/** … */` comment in the
// schema, else the line in MEANING below; a setting with neither is written as undocumented and
// tests/unit/config-docs.test.ts fails until it gets one.
//
//   npm run gen:config-docs            write docs/configuration.md
//   npm run gen:config-docs -- --check exit 1 when docs/configuration.md is not what the code gives
//   npm run gen:config-docs -- --json  print what was found (for the test)
//   … --root DIR                       work on another tree
//
// Plain Node, no TypeScript loader and no imports of the server: reading ~100 files takes a few milliseconds.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
export const OUTPUT = 'docs/configuration.md';
export const UNDOCUMENTED = 'undocumented: give it a `/** … */` comment in its schema, or a line in MEANING (scripts/gen-config-docs.mjs)';

/** Meanings for settings whose schema carries no doc comment, and for settings read directly. A schema's own
 * comment wins. */
const MEANING = {
  NODE_ENV: '`production` turns on HSTS and the production rules below; `test` is set by the test runner.',
  PORT: 'HTTP port (`0` picks a free one).',
  HOST: 'Address to listen on.',
  DATA_DIR: 'PGlite data directory (when `DATABASE_URL` is unset).',
  DATABASE_URL:
    'Use this PostgreSQL instead of PGlite; several instances may share it. On the same machine, its Unix socket is faster (`postgres://user@localhost/db?host=/var/run/postgresql`).',
  SEED_SCALE: 'Variants to seed on first run; `0` is the base catalogue (~380 variants), `50000` for benchmarks.',
  LOG_LEVEL: 'pino level; logs are JSON lines carrying the request id.',
  KASRAT_DEV_TOOLS: 'Exactly `1` turns on the development tools: the demo customer, `/api/dev/*`, the development identity provider.',
  EVENTS_LIMIT_PER_IP: 'Reports per client address per minute on each reporting endpoint.',
  TRUST_PROXY:
    "Behind a load balancer, whose X-Forwarded-For entries to believe. Behind one nginx or HAProxy that appends the client's address (the repository's `ops/haproxy/kasrat.cfg.template`, `option forwardfor`): `1`. Behind two (a CDN, then the balancer): `2`. Or the balancers' addresses or CIDRs, comma-separated (`10.0.0.0/8`). Exactly `true` believes any client's header and escapes every per-address limit: start-up warns (docs/operations.md).",
  EMAIL_TRANSPORT: '`smtp` or `console` (writes messages to the log); unset = `smtp` when `SMTP_URL` is set, else `console`.',
  SMS_TRANSPORT: '`webhook` or `console`; unset = `webhook` when `SMS_WEBHOOK_URL` is set, else `console`.',
  SMTP_URL: 'SMTP server for email (`smtp://user:pass@host:587`).',
  SMTP_FROM: 'Sender of every email.',
  SMS_WEBHOOK_URL: 'HTTP endpoint that sends an SMS: a JSON POST `{to, body, id}`, `to` with its country code.',
  SMS_WEBHOOK_TOKEN: 'Bearer token sent to the SMS webhook.',
  OUTBOX_WORKER: '`off` stops this instance sending queued messages (another instance sends them).',
  OUTBOX_POLL_MS: 'How often the message worker looks for queued messages.',
  OUTBOX_MAX_ATTEMPTS: 'Claims of a message before it is marked failed instead of tried again.',
  OTP_SEND_LIMIT_PER_IDENTIFIER: 'One-time passwords sent to one email or mobile per `OTP_SEND_WINDOW_S`.',
  OTP_SEND_LIMIT_PER_IP: 'One-time passwords requested by one client address per `OTP_SEND_WINDOW_S`.',
  OTP_SEND_WINDOW_S: 'Window of the two OTP send limits, in seconds.',
  LOGIN_FAILURE_LIMIT: 'Wrong passwords per account per `LOGIN_FAILURE_WINDOW_S` before password sign-in is refused.',
  LOGIN_FAILURE_WINDOW_S: 'Window of the password limits, in seconds.',
  ACCOUNT_DELETION_GRACE_DAYS: 'Days between a deletion request and the deletion, during which the customer may cancel it.',
  GOOGLE_CLIENT_ID:
    'OAuth client id of Google sign-in; Google sign-in is offered only with it and `GOOGLE_JWKS_URL` (or the development identity provider, whose client id is the default with the development tools on).',
  GOOGLE_ISSUERS:
    'Comma-separated issuers accepted in Google ID tokens; unset = Google’s two (`https://accounts.google.com`, `accounts.google.com`), or the development identity provider’s.',
  GOOGLE_JWKS_URL: 'Where Google’s signing keys are fetched from.',
  GOOGLE_AUTHORIZE_URL:
    'The authorisation page the sign-in button opens; unset = Google’s (`https://accounts.google.com/o/oauth2/v2/auth`), or the development identity provider’s.',
  DEV_IDP: '`off` keeps the development identity provider away even with the development tools on.',
  PAYMENT_GATEWAY:
    'The gateway that takes payments: `sandbox` (no money moves), `paytm` or `juspay` (docs/decisions/006-gateway-adapters.md).',
  PAYTM_MID: 'Paytm merchant id.',
  JUSPAY_WEBHOOK_PASSWORD: 'The password of the Basic credentials Juspay’s dashboard sends with every webhook.',
  DB_CONNECT_TIMEOUT_MS:
    'How long opening a PostgreSQL connection may take; a call waiting for a free pooled connection waits on while the database answers (docs/decisions/014-database-outages.md).',
  DB_STATEMENT_TIMEOUT_MS:
    'PostgreSQL `statement_timeout` of the store’s connections; the client gives up 2 s after it (a frozen server cannot enforce its own). `0` turns it off.',
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS:
    'PostgreSQL `idle_in_transaction_session_timeout`: a transaction left open this long is ended by the server. `0` turns it off.',
  ALLOWED_HOSTS:
    'Comma-separated host names (with port if not the default) the server answers for besides loopback names and `PUBLIC_ORIGIN`’s host; any other Host is a 421.',
  BANK_ACCOUNT_OLD_KEYS:
    'Comma-separated earlier `BANK_ACCOUNT_KEY` values, still read while the hourly re-encryption job moves rows to the current key (README, Security).',
  JUSPAY_MERCHANT_ID: 'Juspay merchant id.',
  COD_MAX_PAISE: 'Largest order value (paise) for which pay on delivery is offered; see `COD_MIN_PAISE`.',
  JUSPAY_API_KEY: 'Juspay API key.',
  JUSPAY_BASE_URL: 'Juspay API origin.',
  EVENTS_FORWARD_INTERVAL_MS: 'How often stored conversion and affiliate events are forwarded.',
  EVENTS_FORWARD_TIMEOUT_MS: 'How long one forwarding request may take.',
  APP_STORE_URL: 'App Store link of the iOS app (app-install banner); empty hides it.',
  PLAY_STORE_URL: 'Play Store link of the Android app (app-install banner); empty hides it.',
  REVIEW_WRITE_LIMIT_PER_HOUR: 'Reviews and ratings one customer may write per hour.',
  REVIEW_UPLOAD_LIMIT_PER_HOUR: 'Review photos one customer may upload per hour.',
  REVIEW_VOTE_LIMIT_PER_HOUR: 'Helpful votes one customer may give per hour.',
  RETENTION_ERROR_LOG_DAYS: 'Days client error reports are kept.',
  RETENTION_CONVERSION_DAYS: 'Days stored conversion events are kept.',
  RETENTION_OUTBOX_DAYS: 'Days sent or failed messages are kept.',
  RETENTION_INTERVAL_MS: 'How often the retention job runs (one instance at a time).',
  CLIENT_DIR: 'The built browser app the server serves.',
  SHUTDOWN_DRAIN_MS: 'How long a SIGTERM waits for in-flight requests and sends before closing the database.',
  SHUTDOWN_NOT_READY_MS:
    "Behind a balancer: how long a SIGTERM first answers 503 on `/api/health/ready` while still serving, before it stops accepting; more than the balancer's check interval times its fall count (the repository's HAProxy template: 1 s × 2, so `3000`; docs/operations.md).",
  VITEST: 'Set by the test runner: the demo customer gets no sample orders in tests.',
};

/** Rules stated in code that the source scan cannot read as a rule, by setting. */
const EXTRA_RULES = {};

/** One heading per file that validates settings. */
const AREA = {
  'server/config.ts': 'The process',
  'server/main.ts': 'Start-up and shutdown',
  'server/http/security.ts': 'HTTP',
  'server/messaging/config.ts': 'Messages (email and SMS)',
  'server/modules/auth/config.ts': 'Sign-in and sessions',
  'server/payments/config.ts': 'Payments and checkout',
  'server/modules/events/config.ts': 'Reporting: forwarding to providers',
  'server/modules/app-install/service.ts': 'App-install banner',
  'server/modules/reviews/index.ts': 'Reviews',
  'server/modules/system/service.ts': 'Retention and error reports',
  'server/modules/orders/index.ts': 'Orders',
  'server/modules/orders/seller.ts': 'Tax invoices',
  'server/modules/catalogue/offers.ts': 'Catalogue',
  'server/modules/cart/config.ts': 'Cart',
  'server/search/config.ts': 'Search',
};

/** Where the tools (tests, bench, scripts) read settings of their own. */
const TOOL_ROOTS = ['scripts', 'bench', 'tests/helpers', 'playwright.config.ts', 'vite.config.ts', 'vitest.config.ts'];

// ---------- reading source text ----------

function walk(root, dir) {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  const out = [];
  for (const e of readdirSync(abs, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'out') out.push(...walk(root, rel));
    } else if (/\.(ts|tsx|mjs|js)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

function sourceFiles(root, entries) {
  const files = [];
  for (const entry of entries) {
    if (/\.[a-z]+$/.test(entry)) {
      if (existsSync(path.join(root, entry))) files.push(entry);
    } else files.push(...walk(root, entry));
  }
  return [...new Set(files)].sort();
}

/** Index just past the bracket that closes the one at `open`, skipping strings, templates and comments. */
function closing(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === '/' && text[i + 1] === '/') i = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
    else if (c === '/' && text[i + 1] === '*') i = text.indexOf('*/', i + 2) + 1;
    else if (c === "'" || c === '"' || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if ('({['.includes(c)) depth++;
    else if (')}]'.includes(c) && --depth === 0) return i + 1;
  }
  return text.length;
}

/** Splits the inside of an object literal at its top-level commas, keeping each entry's comments. */
function entries(body) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '/' && body[i + 1] === '/') i = body.indexOf('\n', i) === -1 ? body.length : body.indexOf('\n', i);
    else if (c === '/' && body[i + 1] === '*') i = body.indexOf('*/', i + 2) + 1;
    else if (c === "'" || c === '"' || c === '`') {
      for (i++; i < body.length && body[i] !== c; i++) if (body[i] === '\\') i++;
    } else if ('({['.includes(c)) depth++;
    else if (')}]'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

/** The text without its comments; strings (a URL's `//`) are kept whole. */
function stripComments(s) {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '/' && s[i + 1] === '/') {
      const end = s.indexOf('\n', i);
      i = end === -1 ? s.length : end - 1;
    } else if (c === '/' && s[i + 1] === '*') i = s.indexOf('*/', i + 2) + 1;
    else if (c === "'" || c === '"' || c === '`') {
      const start = i;
      for (i++; i < s.length && s[i] !== c; i++) if (s[i] === '\\') i++;
      out += s.slice(start, i + 1);
    } else out += c;
  }
  return out;
}
const oneLine = (s) => s.replace(/\s+/g, ' ').trim();

/** The argument text of the first top-level `.name(` call in a zod chain. */
function callArg(chain, name) {
  const at = chain.indexOf(`.${name}(`);
  if (at === -1) return undefined;
  const open = at + name.length + 1;
  return chain.slice(open + 1, closing(chain, open) - 1).trim();
}

/** `const NAME = <expr>;` (or `export const NAME: T = <expr>`) in a file, the expression's text. */
function constText(text, name) {
  const m = new RegExp(`(?:^|\\n)\\s*(?:export\\s+)?const\\s+${name}\\b[^=]*=\\s*`).exec(text);
  if (!m) return undefined;
  const start = m.index + m[0].length;
  let i = start;
  let depth = 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if ('({['.includes(c)) depth++;
    else if (')}]'.includes(c)) depth--;
    else if (c === ';' && depth === 0) break;
    else if (c === '\n' && depth === 0 && !/[.=(,]\s*$/.test(text.slice(start, i)) && !/^\s*\./.test(text.slice(i + 1))) break;
  }
  return text.slice(start, i).trim();
}

/** The file an imported name comes from, relative to the repository. */
function importedFrom(root, file, text, name) {
  const re = /import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g;
  for (const m of text.matchAll(re)) {
    const names = m[1].split(',').map((s) =>
      oneLine(s.replace(/^\s*type\s+/, ''))
        .split(/\s+as\s+/)
        .pop(),
    );
    if (names.includes(name) && m[2].startsWith('.')) return path.relative(root, path.resolve(root, path.dirname(file), m[2]));
  }
  return undefined;
}

/** Evaluates a default's text to a value when it is a literal, a constant, or a constant's field. */
function resolve(root, file, text, expr, depth = 0) {
  const e = expr.trim();
  if (depth > 4) return { text: e };
  let m = /^(['"`])((?:(?!\1).)*)\1$/.exec(e);
  if (m && !e.includes('${')) return { value: m[2] };
  if (/^[\d_\s*+().-]+$/.test(e) && /\d/.test(e)) {
    const n = Function(`return (${e.replace(/_/g, '')})`)();
    if (Number.isFinite(n)) return { value: n };
  }
  if (e === 'true' || e === 'false') return { value: e === 'true' };
  m = /^([A-Za-z_$][\w$]*)(?:\.([A-Za-z_$][\w$]*))?$/.exec(e);
  if (m) {
    const [, name, field] = m;
    let where = file;
    let src = text;
    let def = constText(src, name);
    if (def === undefined) {
      const from = importedFrom(root, file, text, name);
      const candidate = from && [from, `${from}.ts`].find((f) => existsSync(path.join(root, f)));
      if (candidate) {
        where = candidate;
        src = readFileSync(path.join(root, candidate), 'utf8');
        def = constText(src, name);
      }
    }
    if (def !== undefined) {
      if (!field) return resolve(root, where, src, def, depth + 1);
      const f = new RegExp(`\\b${field}\\s*:\\s*([^,}\\n]+)`).exec(def);
      if (f) return resolve(root, where, src, f[1], depth + 1);
    }
  }
  return { text: e };
}

/** The constant's text and the file it is in: this file's own, else the one it is imported from. */
function lookup(root, file, text, name) {
  const own = constText(text, name);
  if (own !== undefined) return { def: own, file, text };
  const from = importedFrom(root, file, text, name);
  const candidate = from && [from, `${from}.ts`].find((f) => existsSync(path.join(root, f)));
  if (!candidate) return undefined;
  const src = readFileSync(path.join(root, candidate), 'utf8');
  const def = constText(src, name);
  return def === undefined ? undefined : { def, file: candidate, text: src };
}

/** A chain that starts from a named schema (`EventsLimitPerIp`, `GatewayName.default(…)`) or enumerates a named
 * list (`z.enum(NAMES)`) written out, so its type and values can be read. */
function expandChain(root, file, text, chain) {
  let out = chain;
  const base = /^([A-Za-z_$][\w$]*)/.exec(out)?.[1];
  let where = { file, text };
  if (base && base !== 'z') {
    const found = lookup(root, file, text, base);
    if (found) {
      out = oneLine(stripComments(found.def)) + out.slice(base.length);
      where = found;
    }
  }
  const named = /z\.enum\(\s*([A-Za-z_$][\w$]*)\s*\)/.exec(out);
  if (named) {
    const found = lookup(root, where.file, where.text, named[1]);
    if (found) out = out.replace(named[0], `z.enum(${oneLine(stripComments(found.def)).replace(/\s+as\s+const$/, '')})`);
  }
  return out;
}

/** What a zod chain accepts, in words. */
function accepts(chain) {
  const en = /z\.enum\(\s*\[([^\]]*)\]/.exec(chain);
  if (en) return [...en[1].matchAll(/'([^']*)'/g)].map((x) => `\`${x[1]}\``).join(', ');
  if (/\.number\(\)/.test(chain)) {
    const int = /\.int\(\)/.test(chain) ? 'integer' : 'number';
    const min = callArg(chain, 'min') ?? (/\.positive\(\)/.test(chain) ? '1' : undefined);
    const max = callArg(chain, 'max');
    const n = (x) => {
      const r = /^[\d_\s*+().-]+$/.test(x) ? Function(`return (${x.replace(/_/g, '')})`)() : x;
      return typeof r === 'number' ? r.toLocaleString('en-US') : r;
    };
    if (min !== undefined && max !== undefined) return `${int}, ${n(min)}–${n(max)}`;
    if (min !== undefined) return `${int}, at least ${n(min)}`;
    return int;
  }
  if (/\.url\(\)/.test(chain)) return 'URL';
  const len = callArg(chain, 'length');
  if (len) return `text of ${len.split(',')[0]} characters`;
  const min = callArg(chain, 'min');
  if (min && /z\.string\(\)/.test(chain))
    return min.split(',')[0] === '1' ? 'text, not empty' : `text, at least ${min.split(',')[0]} characters`;
  return 'text';
}

function message(raw) {
  return raw
    .replace(/\s*\(\$\{[^}]*\}\)/g, '')
    .replace(/\$\{[^}]*\}/g, '…')
    .trim();
}

/** Rules a file states about settings: refinements naming a setting's path, and the production checks. */
function rulesIn(text) {
  const rules = [];
  const name = (tok) => {
    const t = tok.trim();
    const q = /^'([A-Z][A-Z0-9_]*)'$/.exec(t);
    if (q) return q[1];
    const c = /^[A-Z][A-Z0-9_]*$/.test(t) ? constText(text, t) : undefined;
    return c && /^'[A-Z][A-Z0-9_]*'$/.test(c) ? c.slice(1, -1) : undefined;
  };
  for (const m of text.matchAll(/path:\s*\[([^\]]+)\]\s*,\s*message:\s*(['`])((?:(?!\2).)*)\2/g)) {
    const n = name(m[1]);
    if (n) rules.push([n, message(m[3])]);
  }
  for (const m of text.matchAll(/\\n {2}([A-Z][A-Z0-9_]*): ([^'`\\]+)['`]/g)) rules.push([m[1], message(m[2])]);
  for (const m of text.matchAll(/defaults\.push\('([A-Z][A-Z0-9_]*)( \(([^)]*)\))?'\)/g)) {
    rules.push([m[1], `production refuses its development default${m[3] ? ` (${m[3]})` : ''}`]);
  }
  const secrets = /SECRET_VARS\s*=\s*\[([^\]]*)\]/.exec(text);
  if (secrets) {
    for (const s of secrets[1].matchAll(/'([A-Z][A-Z0-9_]*)'/g))
      rules.push([s[1], 'in production: not a well-known value, at least 24 characters']);
  }
  return rules;
}

const DIRECT_READ =
  /\b(?:process\.env|env)\??\.([A-Z][A-Z0-9_]*)\b|\b(?:process\.env|env)\[\s*(?:'([A-Z][A-Z0-9_]*)'|([A-Z][A-Z0-9_]*))\s*\]/g;

/** Every setting the server reads, and the tools' own. Deterministic: files and names in sorted order. */
export function collect(root = ROOT) {
  const settings = new Map();
  const get = (name) => {
    if (!settings.has(name))
      settings.set(name, { name, files: [], defaults: [], accepts: [], directDefaults: [], directAccepts: [], meanings: [], rules: [] });
    return settings.get(name);
  };
  const add = (list, v) => {
    if (v !== undefined && !list.includes(v)) list.push(v);
  };

  for (const file of sourceFiles(root, ['server'])) {
    const text = readFileSync(path.join(root, file), 'utf8');
    if (!/process\.env|ProcessEnv/.test(text)) continue;
    const found = new Set();

    for (const m of text.matchAll(/(?:\bz\s*\.(?:object|strictObject|looseObject)|\.extend)\(\s*\{/g)) {
      const open = text.indexOf('{', m.index);
      const body = text.slice(open + 1, closing(text, open) - 1);
      for (const entry of entries(body)) {
        const code = stripComments(entry);
        const k = /^\s*([A-Z][A-Z0-9_]*)\s*:\s*([\s\S]*)$/.exec(code);
        if (!k) continue;
        const [, name, valueText] = k;
        let chain = oneLine(valueText);
        chain = expandChain(root, file, text, chain);
        const s = get(name);
        found.add(name);
        add(s.files, file);
        const doc = [...entry.matchAll(/\/\*\*([\s\S]*?)\*\//g)].pop();
        if (doc) add(s.meanings, oneLine(doc[1].replace(/^\s*\*/gm, '')));
        const d = callArg(chain, 'default');
        if (d !== undefined) add(s.defaults, JSON.stringify(resolve(root, file, text, d)));
        else if (/\.optional\(\)/.test(chain)) add(s.defaults, JSON.stringify({ unset: true }));
        add(s.accepts, accepts(chain));
      }
    }

    // `const { A, B: b = 'x' } = process.env`
    for (const m of text.matchAll(/\{([^{}]*)\}\s*=\s*(?:process\.env|env)\b/g)) {
      for (const part of m[1].split(',')) {
        const d = /^\s*([A-Z][A-Z0-9_]*)\b(?:\s*:\s*[\w$]+)?(?:\s*=\s*('[^']*'|[\d_]+))?\s*$/.exec(part);
        if (!d || found.has(d[1])) continue;
        const s = get(d[1]);
        add(s.files, file);
        add(s.directDefaults, JSON.stringify(d[2] ? resolve(root, file, text, d[2]) : { unset: true }));
        add(s.directAccepts, 'text');
      }
    }

    for (const m of text.matchAll(DIRECT_READ)) {
      let name = m[1] ?? m[2];
      if (m[3]) {
        const c = constText(text, m[3]);
        name = c && /^'[A-Z][A-Z0-9_]*'$/.test(c) ? c.slice(1, -1) : undefined;
      }
      if (!name) continue;
      const s = get(name);
      add(s.files, file);
      if (!found.has(name)) {
        const after = text.slice(m.index + m[0].length, m.index + m[0].length + 80);
        const fallback = /^\s*\?\?\s*('[^']*'|[\d_]+)/.exec(after);
        add(s.directDefaults, JSON.stringify(fallback ? resolve(root, file, text, fallback[1]) : { unset: true }));
        add(
          s.directAccepts,
          /Number\(\s*$/.test(text.slice(Math.max(0, m.index - 12), m.index)) ? 'number, read directly (not validated)' : 'text',
        );
      }
    }

    for (const [name, rule] of rulesIn(text)) if (settings.has(name)) add(get(name).rules, rule);
  }
  for (const [name, rules] of Object.entries(EXTRA_RULES)) if (settings.has(name)) for (const r of rules) add(get(name).rules, r);

  const tools = new Map();
  for (const file of sourceFiles(root, TOOL_ROOTS)) {
    if (file === 'scripts/gen-config-docs.mjs') continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/\bprocess\.env(?:\.([A-Z][A-Z0-9_]*)|\[\s*'([A-Z][A-Z0-9_]*)'\s*\])/g)) {
      const name = m[1] ?? m[2];
      if (!tools.has(name)) tools.set(name, []);
      if (!tools.get(name).includes(file)) tools.get(name).push(file);
    }
  }

  const list = [...settings.values()]
    .map(({ directDefaults, directAccepts, meanings, ...s }) => ({
      ...s,
      // A schema's default is the setting's default; a direct read's fallback counts only where no schema reads it.
      defaults: (s.defaults.length ? s.defaults : directDefaults).map((d) => JSON.parse(d)),
      accepts: s.accepts.length ? s.accepts : directAccepts,
      meaning: meanings[0] ?? MEANING[s.name] ?? UNDOCUMENTED,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const toolList = [...tools.entries()]
    .filter(([name]) => !settings.has(name))
    .map(([name, files]) => ({ name, files: files.sort() }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { settings: list, tools: toolList };
}

// ---------- writing the page ----------

const cell = (s) => String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ');

function showDefault(d) {
  if (d.unset) return '—';
  if (d.text !== undefined) return `\`${d.text}\``;
  if (d.value === '') return 'empty';
  if (typeof d.value === 'number') return `\`${d.value}\``;
  return `\`${d.value}\``;
}

/** The file a setting is listed under: the first that reads it and has a heading, else the first that reads it. */
const homeOf = (s) => s.files.find((f) => f in AREA) ?? s.files[0];

export function render({ settings, tools }) {
  const byArea = new Map();
  for (const s of settings) {
    const home = homeOf(s);
    if (!byArea.has(home)) byArea.set(home, []);
    byArea.get(home).push(s);
  }
  const areas = [...byArea.keys()].sort((a, b) => {
    const ia = Object.keys(AREA).indexOf(a);
    const ib = Object.keys(AREA).indexOf(b);
    return (ia === -1 ? 1e9 : ia) - (ib === -1 ? 1e9 : ib) || a.localeCompare(b);
  });

  const out = [
    '# Configuration',
    '',
    "<!-- Generated by `npm run gen:config-docs` (scripts/gen-config-docs.mjs) from the server's source. Do not edit by hand: -->",
    "<!-- give a new setting a `/** … */` comment in its zod schema (or a line in the generator's MEANING), then run it again. -->",
    '',
    'Every setting is an environment variable, read once at start-up and validated by a zod schema: a bad value stops',
    'the process with the setting\'s name and what is wrong. "Rules" are the checks the code makes beyond the value\'s',
    'type; most apply when `NODE_ENV=production`, which also refuses development defaults of secrets. A default of',
    '"—" means unset. A setting read in several places is listed once, under the first file with a heading here that reads it.',
    '',
    `${settings.length} settings.`,
    '',
  ];
  for (const area of areas) {
    out.push(`## ${AREA[area] ?? area}`, '', `Read in \`${area}\`.`, '');
    out.push('| variable | default | accepts | meaning | rules |', '|---|---|---|---|---|');
    for (const s of byArea.get(area)) {
      const also = s.files.filter((f) => f !== area);
      const meaning = also.length ? `${s.meaning} Also read in ${also.map((f) => `\`${f}\``).join(', ')}.` : s.meaning;
      out.push(
        `| \`${s.name}\` | ${cell(s.defaults.map(showDefault).join(' / ') || '—')} | ${cell(s.accepts.join('; ') || 'text')} | ${cell(meaning)} | ${cell(s.rules.join('; ') || '—')} |`,
      );
    }
    out.push('');
  }
  out.push(
    '## Tools',
    '',
    'Read by the tests, benchmarks and scripts, not by the server (see each file for its use).',
    '',
    '| variable | read in |',
    '|---|---|',
  );
  for (const t of tools) out.push(`| \`${t.name}\` | ${t.files.map((f) => `\`${f}\``).join(', ')} |`);
  out.push('');
  return out.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // --root DIR reads and writes another tree (the test's small ones).
  const at = process.argv.indexOf('--root');
  const root = at === -1 ? ROOT : path.resolve(process.argv[at + 1]);
  const collected = collect(root);
  const text = render(collected);
  const target = path.join(root, OUTPUT);
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(collected, null, 2)}\n`);
  } else if (process.argv.includes('--check')) {
    const current = existsSync(target) ? readFileSync(target, 'utf8') : '';
    if (current !== text) {
      console.error(`${OUTPUT} is out of date: run npm run gen:config-docs`);
      process.exit(1);
    }
    console.log(`${OUTPUT} is up to date (${collected.settings.length} settings)`);
  } else {
    writeFileSync(target, text);
    console.log(`wrote ${OUTPUT} (${collected.settings.length} settings)`);
  }
}
