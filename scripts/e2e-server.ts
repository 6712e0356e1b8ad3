// The server the browser tests drive: a real SMTP catcher (read by tests over HTTP) and the app
// on a fresh embedded database, exactly as `npm start` runs it.
import { rmSync } from 'node:fs';
import { startMailCatcher } from '../packages/server/src/test/mail-catcher';

const port = Number(process.env.E2E_PORT ?? 3100);
const mailPort = Number(process.env.E2E_MAIL_PORT ?? 3199);
const dataDir = `/tmp/flowmind-e2e-${port}`;
rmSync(dataDir, { recursive: true, force: true });

const mail = await startMailCatcher({ httpPort: mailPort });
Object.assign(process.env, {
  PORT: String(port),
  HOST: '127.0.0.1',
  APP_URL: `http://localhost:${port}`,
  FLOWMIND_DATA_DIR: dataDir,
  SMTP_URL: mail.smtpUrl,
  FLOWMIND_SIGNIN_RATE_LIMIT: '1000',
  // Email-triggered flows take mail here; HTTP steps may call servers the tests start on localhost.
  SMTP_INBOUND_PORT: String(Number(process.env.E2E_INBOUND_PORT ?? port + 25)),
  FLOWMIND_HTTP_ALLOW_HOSTS: 'localhost',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
await import('../packages/server/src/main');
