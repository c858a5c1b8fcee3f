import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// Node is the default environment; files that need a DOM start with `// @vitest-environment jsdom`.
export default mergeConfig(
  viteConfig({ command: 'serve', mode: 'test' }),
  defineConfig({
    test: {
      globals: true,
      environment: 'node',
      setupFiles: ['./tests/setup.ts'],
      css: false,
      include: ['{schemas,events,providers,machines,src,server}/**/*.test.{ts,tsx}', 'tests/{api,model,unit,fault}/**/*.test.{ts,tsx}'],
      testTimeout: 30_000,
      hookTimeout: 120_000,
      pool: 'forks',
    },
  }),
);
