#!/usr/bin/env node
// `npm run dev`: the API on :3000 (restarts on change) and Vite with hot reload on :5173, which
// proxies /api to it. APP_URL is the Vite address so emailed links and origin checks match.
import { spawn } from 'node:child_process';

const env = { ...process.env, APP_URL: process.env.APP_URL ?? 'http://localhost:5173' };
const children = [
  spawn('npx', ['tsx', 'watch', 'packages/server/src/main.ts'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '-w', '@flowmind/web'], { stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
