// `npm run dev`: the API (tsx watch, port 3001) and the Vite dev server (port 3000, proxying /api and /images).
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '3001';
const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
    stdio: 'inherit',
    // Development tools (demo customer, /api/dev/outbox, development identity provider) on for development only.
    env: { ...process.env, PORT: apiPort, CLIENT_DIR: '/nonexistent', KASRAT_DEV_TOOLS: '1' },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && stop());
