import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: true, target: 'es2022' },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: Object.fromEntries(['/api', '/images'].map((p) => [p, `http://127.0.0.1:${apiPort}`])),
  },
});
