// The Node versions Kasrat supports: package.json "engines" says the same (a test keeps them equal). Checked first
// thing at start-up, so an older Node stops with this sentence instead of a stack trace from deep in a dependency.
export const SUPPORTED_NODE = '>=20.19';

/** A sentence saying why `version` (e.g. process.versions.node) cannot run Kasrat, or null when it can. */
export function unsupportedNode(version: string): string | null {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  const [wantMajor = 0, wantMinor = 0] = SUPPORTED_NODE.replace('>=', '').split('.').map(Number);
  if (major > wantMajor || (major === wantMajor && minor >= wantMinor)) return null;
  return `Kasrat needs Node ${SUPPORTED_NODE} (package.json "engines"); this is Node ${version}. Install Node 20.19 or newer.`;
}
