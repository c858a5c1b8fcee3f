import path from 'node:path';
import type { Plugin } from 'vite';

// React DOM ships as CommonJS only, and the bundler wraps a CommonJS module in a function that runs when the module
// is first required. For React DOM's client that function is the whole library (~190 KB minified): Chrome parses it
// lazily, on the main thread, when the page's scripts run (and, wherever DevTools is attached, parses it again to
// collect its source positions): a long task on every page load (docs/decisions/010). As an ES module its code is the chunk's top
// level, which the browser compiles while the chunk streams in, off the main thread; named exports also minify
// better than `exports.x`. The file's shape is checked: a React upgrade that changes it fails the build instead of
// shipping a half-converted module.

export const REACT_DOM_CLIENT = path.resolve('node_modules/react-dom/cjs/react-dom-client.production.js');

const REQUIRES = 'var Scheduler = require("scheduler"),\n  React = require("react"),\n  ReactDOM = require("react-dom");';
const IMPORTS = 'import Scheduler from "scheduler";\nimport React from "react";\nimport ReactDOM from "react-dom";';
const EXPORTS: [RegExp, string][] = [
  [/^exports\.createRoot = function/m, 'export var createRoot = function'],
  [/^exports\.hydrateRoot = function/m, 'export var hydrateRoot = function'],
  [/^exports\.version = ("[^"\n]+");$/m, 'export var version = $1;'],
];

/** React DOM's client production build rewritten as an ES module; throws when the file is not the shape expected. */
export function reactDomClientAsEsm(code: string): string {
  const at = code.indexOf(REQUIRES);
  if (at < 0 || code.indexOf(REQUIRES, at + 1) >= 0) throw new Error('react-dom client: its requires are not the shape expected');
  let out = code.replace(REQUIRES, IMPORTS);
  for (const [from, to] of EXPORTS) {
    if (!from.test(out)) throw new Error(`react-dom client: no ${from.source}`);
    out = out.replace(from, to);
  }
  if (/\b(exports|module)\.|\brequire\(/.test(out)) throw new Error('react-dom client: CommonJS left after the rewrite');
  return out;
}

/** In the browser's production build, `react-dom/client` is React DOM's production client as an ES module. */
export function reactDomClientEsm(): Plugin {
  return {
    name: 'kasrat-react-dom-client-esm',
    enforce: 'pre',
    apply: (_config, env) => env.command === 'build' && env.mode === 'production' && !env.isSsrBuild,
    resolveId: (id) => (id === 'react-dom/client' ? REACT_DOM_CLIENT : null),
    transform: (code, id) => (id === REACT_DOM_CLIENT ? { code: reactDomClientAsEsm(code), map: null } : null),
  };
}
