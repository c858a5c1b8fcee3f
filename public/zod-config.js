// Loaded before the app's modules: zod parses without eval. Its eval probe (`new Function`) is reported as a
// CSP violation even though it is caught, and the CSP allows no eval (README "Security").
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
