import path from 'node:path';
import { build } from 'esbuild';

// The debug overlay (and Radix Dialog with it) is a lazy chunk, never in the initial bundle.
test('the debug overlay and Radix Dialog are only reachable through a dynamic import', async () => {
  const root = path.resolve(import.meta.dirname, '../../..');
  const result = await build({
    entryPoints: [path.join(root, 'src/features/analytics/index.ts')],
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: '/tmp/kasrat-lazy-chunk-check',
    write: false,
    packages: 'external',
    jsx: 'automatic',
    metafile: true,
    logLevel: 'silent',
  });
  const outputs = Object.entries(result.metafile.outputs);
  const [, entry] = outputs.find(([, o]) => o.entryPoint?.endsWith('src/features/analytics/index.ts')) ?? [];
  expect(entry).toBeDefined();
  const staticImports = entry?.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path) ?? [];
  expect(staticImports).not.toContain('@radix-ui/react-dialog');
  expect(Object.keys(entry?.inputs ?? {}).some((f) => f.endsWith('DebugOverlay.tsx'))).toBe(false);
  const lazy = entry?.imports.filter((i) => i.kind === 'dynamic-import') ?? [];
  const overlay = lazy.filter((i) => Object.keys(result.metafile.outputs[i.path].inputs).some((f) => f.endsWith('DebugOverlay.tsx')));
  expect(overlay).toHaveLength(1);
  expect(result.metafile.outputs[overlay[0].path].imports.map((i) => i.path)).toContain('@radix-ui/react-dialog');
  // The providers (hashing, delivery queue) load after first paint: never part of the shell's static graph.
  expect(Object.keys(entry?.inputs ?? {}).some((f) => f.includes('providers/'))).toBe(false);
  const reaches = (out: string): string[] => {
    const o = result.metafile.outputs[out];
    return [
      ...Object.keys(o?.inputs ?? {}),
      ...(o?.imports ?? []).filter((i) => i.kind === 'import-statement').flatMap((i) => reaches(i.path)),
    ];
  };
  expect(lazy.some((i) => reaches(i.path).some((f) => f.endsWith('providers/index.ts')))).toBe(true);
});
