import { readFileSync } from 'node:fs';
import { REACT_DOM_CLIENT, reactDomClientAsEsm } from '../../scripts/react-dom-esm.ts';

const installed = readFileSync(REACT_DOM_CLIENT, 'utf8');

describe('React DOM client as an ES module (browser build)', () => {
  it('turns the installed production client into a module with its three exports and no CommonJS left', () => {
    const out = reactDomClientAsEsm(installed);
    expect(out).toMatch(/^import Scheduler from "scheduler";$/m);
    expect(out).toMatch(/^import React from "react";$/m);
    expect(out).toMatch(/^import ReactDOM from "react-dom";$/m);
    expect(out).toMatch(/^export var createRoot = function/m);
    expect(out).toMatch(/^export var hydrateRoot = function/m);
    expect(out).toMatch(/^export var version = "19\.[^"]+";$/m);
    expect(out).not.toMatch(/\brequire\(|\bexports\./);
    // Lines keep their numbers, so the bundle's source map of React DOM stays right without a map of the rewrite.
    expect(out.split('\n')).toHaveLength(installed.split('\n').length);
  });

  it('refuses a file of another shape rather than ship it half converted', () => {
    expect(() => reactDomClientAsEsm(installed.replace('React = require("react")', 'React = require("react/x")'))).toThrow(/requires/);
    expect(() => reactDomClientAsEsm(installed.replace('exports.hydrateRoot = function', 'exports.hydrateRoot2 = function'))).toThrow(
      /hydrateRoot/,
    );
    expect(() => reactDomClientAsEsm(`${installed}\nexports.extra = 1;`)).toThrow(/CommonJS left/);
  });
});
