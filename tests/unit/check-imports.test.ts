import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The import checker (part of `npm run lint`) run on small trees: each violating file must be reported, and the
// allowed shapes must pass.
const checker = path.resolve(import.meta.dirname, '../../scripts/check-imports.mjs');

function check(files: Record<string, string>): { code: number | null; output: string } {
  const root = mkdtempSync(path.join(tmpdir(), 'kasrat-imports-'));
  try {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    const run = spawnSync(process.execPath, [checker], { cwd: root, encoding: 'utf8' });
    return { code: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const feature = {
  'src/features/cart/index.ts': "export { cartStore } from './store.ts';\n",
  'src/features/cart/store.ts': 'export const cartStore = 1;\n',
  'src/ui/Price.tsx': 'export const Price = 1;\n',
};

test('allowed shapes pass: a feature uses ui, another feature through its index, app loads pages', () => {
  const out = check({
    ...feature,
    'src/features/account/pages/Wishlist.tsx': "import { cartStore } from '../../cart/index.ts';\nimport { Price } from '../../../ui/Price.tsx';\n",
    'src/features/cart/pages/Cart.tsx': "import { cartStore } from '../store.ts';\n",
    'src/app/routes.tsx': "const p = () => import('../features/cart/pages/Cart.tsx');\nimport { cartStore } from '../features/cart/index.ts';\n",
    'providers/x.test.ts': "import { h } from '../tests/helpers/harness.ts';\n",
    'tests/helpers/harness.ts': 'export const h = 1;\n',
    'server/modules/notifications/templates/render.tsx':
      "import type { CSSProperties } from 'react';\nimport { renderToStaticMarkup } from 'react-dom/server';\n",
  });
  expect(out.output).toContain('import boundaries ok');
  expect(out.code).toBe(0);
});

test.each([
  ["a feature reaching into another feature's internals", 'src/features/account/pages/W.tsx', "import { cartStore } from '../../cart/store.ts';", 'only through its index.ts'],
  ['ui importing a feature, even its index', 'src/ui/Header.tsx', "import { cartStore } from '../features/cart/index.ts';", 'ui/ may not import a feature'],
  ['a feature importing app', 'src/features/cart/pages/C.tsx', "import { routes } from '../../../app/routes.tsx';", 'may not import app/'],
  ['src using a provider internal', 'src/features/cart/x.ts', "import { rules } from '../../../providers/rules.ts';", 'providers/index.ts'],
  ['a provider importing react', 'providers/pixel.ts', "import { useState } from 'react';", 'providers/ may not import react'],
  ['events importing axios', 'events/send.ts', "import axios from 'axios';", 'events/ may not import axios'],
  ['server importing src', 'server/x.ts', "import { Price } from '../src/ui/Price.tsx';", 'server/ may not import src/'],
  ['server importing react outside the email templates', 'server/modules/orders/x.tsx', "import { useState } from 'react';", 'server/ may not import react'],
  ['an email template importing the browser renderer', 'server/modules/notifications/templates/x.tsx', "import { createRoot } from 'react-dom/client';", 'server/ may not import react-dom/client'],
  ['a test in providers importing src', 'providers/p.test.ts', "import { Price } from '../src/ui/Price.tsx';", 'providers/ may not import src/'],
])('%s is reported', (_name, file, line, message) => {
  const out = check({ ...feature, [file]: `${line}\n` });
  expect(out.code).toBe(1);
  expect(out.output).toContain(file);
  expect(out.output).toContain(message);
});
