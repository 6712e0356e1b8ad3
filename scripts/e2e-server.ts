// The server the browser tests drive: a real SMTP catcher (read by tests over HTTP) and the app
// on a fresh embedded database, exactly as `npm start` runs it.
import { rmSync } from 'node:fs';
import { stopLeftoverPostgres } from '../packages/server/src/db/embedded-process';
import { startGoogleServer } from '../packages/server/src/test/google-server';
import { startMailCatcher } from '../packages/server/src/test/mail-catcher';
import { startNotionServer } from '../packages/server/src/test/notion-server';
import { startOpenAiServer } from '../packages/server/src/test/openai-server';
import { startSlackServer } from '../packages/server/src/test/slack-server';
import { startXServer } from '../packages/server/src/test/x-server';

const port = Number(process.env.E2E_PORT ?? 3100);
const mailPort = Number(process.env.E2E_MAIL_PORT ?? 3199);
const dataDir = `/tmp/flowmind-e2e-${port}`;
// A run that was killed may have left its embedded PostgreSQL running on this folder: stop it first.
await stopLeftoverPostgres(dataDir);
rmSync(dataDir, { recursive: true, force: true });

const mail = await startMailCatcher({ httpPort: mailPort });
// The server's own AI provider (OPENAI_BASE_URL): a local model speaking the OpenAI protocol. It
// answers in Markdown, numbering its answers; "[slow]" in the message makes it write slowly.
let answers = 0;
const model = await startOpenAiServer({
  models: ['e2e-model'],
  reply(request) {
    const messages = request.body.messages;
    const last = messages[messages.length - 1];
    const lastUser = [...messages].reverse().find((message) => message.role === 'user');
    const asked = typeof lastUser?.content === 'string' ? lastUser.content : JSON.stringify(lastUser?.content);
    answers += 1;
    // "[add {value} to {table}]": find the table with list_tables, then add the record (which waits
    // for the user's approval), then say so.
    const add = /\[add (.+) to (.+)\]/.exec(asked);
    if (add && last?.role === 'tool') {
      const result = JSON.parse(String(last.content)) as unknown;
      if (Array.isArray(result)) {
        const table = (result as { id: string; name: string; fields: { name: string }[] }[]).find(
          (candidate) => candidate.name === add[2],
        );
        if (!table) return `There is no table named ${add[2]}.`;
        return {
          text: `Adding ${add[1]} to ${table.name}.`,
          toolCalls: [
            {
              name: 'add_record',
              arguments: { tableId: table.id, values: { [table.fields[0]?.name ?? 'Name']: add[1] } },
            },
          ],
        };
      }
      return `Added ${add[1]} to ${add[2]}.`;
    }
    if (add) return { text: 'Let me look at your tables.', toolCalls: [{ name: 'list_tables', arguments: {} }] };
    // "[slack channels]": list the channels through an agent's Slack connection, then name them;
    // "[slack say {text}]": post it to #general (which waits for the user's approval), then say so.
    const say = /\[slack say (.+)\]/.exec(asked);
    if ((say || asked.includes('[slack channels]')) && last?.role === 'tool') {
      let result: unknown;
      try {
        result = JSON.parse(String(last.content));
      } catch {
        return `Slack said: ${String(last.content)}`;
      }
      if (say) return `Posted "${say[1]}" to #general.`;
      const names = Array.isArray(result) ? result.map((channel: { name?: string }) => `#${channel.name}`) : [];
      return `The channels: ${names.join(', ')}.`;
    }
    if (asked.includes('[slack channels]'))
      return { text: 'Let me look in Slack.', toolCalls: [{ name: 'slack_list_channels', arguments: {} }] };
    if (say)
      return {
        text: 'I will post it.',
        toolCalls: [{ name: 'slack_send_message', arguments: { channel: 'C0GENERAL', text: say[1] } }],
      };
    // "[draft {name}]": draft a flow of a schedule, an HTTP request and an AI step.
    const draft = /\[draft (.+)\]/.exec(asked);
    if (draft && last?.role === 'tool') return `Drafted ${draft[1]}. Fill in the request's URL before you publish it.`;
    if (draft)
      return {
        text: 'I will draft that flow.',
        toolCalls: [
          {
            name: 'draft_flow',
            arguments: {
              name: draft[1],
              description: `${draft[1]}: every morning, fetch and summarise.`,
              trigger: { type: 'trigger.schedule', params: { mode: 'cron', cron: '0 7 * * *' } },
              steps: [
                { type: 'http.request', name: 'Fetch the page' },
                { type: 'ai', name: 'Summarise', params: { prompt: 'Summarise {{ $json.body }}' } },
              ],
            },
          },
        ],
      };
    if (asked.includes('[slow]')) return { pieces: Array.from({ length: 120 }, (_, i) => `word${i} `), delayMs: 50 };
    return [
      `Answer ${answers} to "${asked}".`,
      '',
      '| Item | Value |',
      '|---|---|',
      '| alpha | 1 |',
      '',
      '```js',
      'const answer = 42;',
      '```',
      '',
      'Math: $a^2+b^2=c^2$',
    ].join('\n');
  },
});
// Slack's OAuth, spoken by a local server: its consent page approves at once and sends the browser back.
const slack = await startSlackServer({ clientId: 'e2e.slack', clientSecret: 'e2e-slack-secret', teamName: 'Acme e2e' });
// Notion's OAuth and API, spoken by a local server the same way.
const notion = await startNotionServer({
  clientId: 'e2e-notion',
  clientSecret: 'e2e-notion-secret',
  workspaceName: 'Acme Notion e2e',
});
// X's OAuth (PKCE checked, rotating refresh tokens) and API, spoken by a local server too.
const x = await startXServer({ clientId: 'e2e-x', clientSecret: 'e2e-x-secret' });
// Google's OAuth and Calendar API, spoken by a local server the same way.
const google = await startGoogleServer({ clientId: 'e2e.apps.example', clientSecret: 'e2e-google-secret' });
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
  // The server's own model also stands for a local model server an account adds on 127.0.0.1 (as
  // Ollama on 11434 would be): its port joins the default local model ports.
  FLOWMIND_AI_LOCAL_PORTS: `11434,1234,${new URL(model.baseUrl).port}`,
  // E2E_WITHOUT_MODEL=1: a server with no model of its own, as a fresh install is before one is set up.
  ...(process.env.E2E_WITHOUT_MODEL === '1'
    ? { OPENAI_BASE_URL: '', OPENAI_API_KEY: '', FLOWMIND_AI_MODEL: '' }
    : { OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: 'sk-e2e', FLOWMIND_AI_MODEL: 'e2e-model' }),
  // E2E_WITHOUT_SLACK=1: no Slack app, as a fresh install is before the operator sets one up.
  ...(process.env.E2E_WITHOUT_SLACK === '1' ? {} : slack.env),
  ...notion.env,
  ...x.env,
  // E2E_WITHOUT_GOOGLE=1: no Google client (it is the sign-in's too: "Continue with Google" shows with it).
  ...(process.env.E2E_WITHOUT_GOOGLE === '1' ? {} : google.env),
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
await import('../packages/server/src/main');
