import { describe, expect, it } from 'vitest';
import { DEFAULT_REPOSITORY_URL, loadConfig } from './config';

const openAiFrom = (env: NodeJS.ProcessEnv) => loadConfig(env).ai.openai;

describe('loadConfig: network allowances', () => {
  it('opens the local model ports 11434 and 1234 to AI providers by default; empty opens none', () => {
    expect(loadConfig({}).flows.aiLocalPorts).toEqual([11434, 1234]);
    expect(loadConfig({ FLOWMIND_AI_LOCAL_PORTS: '' }).flows.aiLocalPorts).toEqual([]);
    expect(loadConfig({ FLOWMIND_AI_LOCAL_PORTS: ' 8000, 11434 ,8000' }).flows.aiLocalPorts).toEqual([8000, 11434]);
  });

  it.each(['11434,ollama', '0', '70000', '1234:1'])('refuses FLOWMIND_AI_LOCAL_PORTS=%s at start', (value) => {
    expect(() => loadConfig({ FLOWMIND_AI_LOCAL_PORTS: value })).toThrow(
      'Invalid environment: FLOWMIND_AI_LOCAL_PORTS: FLOWMIND_AI_LOCAL_PORTS takes port numbers separated by commas, such as 11434,1234',
    );
  });

  it('takes host and host:port entries in FLOWMIND_HTTP_ALLOW_HOSTS, and names a bad one at start', () => {
    expect(
      loadConfig({ FLOWMIND_HTTP_ALLOW_HOSTS: 'intranet.local, 127.0.0.1:8080,[::1]:9000' }).flows.allowHosts,
    ).toEqual(['intranet.local', '127.0.0.1:8080', '[::1]:9000']);
    expect(() => loadConfig({ FLOWMIND_HTTP_ALLOW_HOSTS: 'intranet.local,http://10.0.0.5:8080' })).toThrow(
      'Invalid environment: FLOWMIND_HTTP_ALLOW_HOSTS: "http://10.0.0.5:8080" is not a host or host:port',
    );
  });
});

describe('loadConfig: the repository link', () => {
  it('links the project repository by default, or the one the operator names', () => {
    expect(loadConfig({}).repositoryUrl).toBe(DEFAULT_REPOSITORY_URL);
    expect(loadConfig({ FLOWMIND_REPOSITORY_URL: 'https://git.example.com/team/flowmind/' }).repositoryUrl).toBe(
      'https://git.example.com/team/flowmind',
    );
  });

  it.each(['not a url', 'javascript:alert(1)', 'ftp://example.com/repo'])(
    'refuses FLOWMIND_REPOSITORY_URL=%s at start',
    (value) => {
      expect(() => loadConfig({ FLOWMIND_REPOSITORY_URL: value })).toThrow(
        'Invalid environment: FLOWMIND_REPOSITORY_URL: FLOWMIND_REPOSITORY_URL must be an http(s) address',
      );
    },
  );
});

describe('loadConfig: the server’s AI providers', () => {
  it('needs a base URL or a key, and defaults the rest', () => {
    expect(openAiFrom({})).toBeNull();
    expect(openAiFrom({ OPENAI_API_KEY: 'sk-1' })).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-1',
      model: 'gpt-4o-mini',
      name: 'openai',
    });
    expect(openAiFrom({ OPENAI_BASE_URL: 'http://ollama:11434/v1', FLOWMIND_AI_MODEL: 'llama3.2' })).toMatchObject({
      baseUrl: 'http://ollama:11434/v1',
      apiKey: undefined,
      model: 'llama3.2',
    });
  });

  it('offers Anthropic with ANTHROPIC_API_KEY, its default models unless FLOWMIND_ANTHROPIC_MODELS names others', () => {
    expect(loadConfig({}).ai.anthropic).toBeNull();
    expect(loadConfig({ ANTHROPIC_API_KEY: ' sk-ant ' }).ai.anthropic).toEqual({
      apiKey: 'sk-ant',
      baseUrl: null,
      models: ['claude-sonnet-4-5', 'claude-haiku-4-5'],
    });
    expect(
      loadConfig({
        ANTHROPIC_API_KEY: 'sk-ant',
        ANTHROPIC_BASE_URL: 'http://proxy/v1',
        FLOWMIND_ANTHROPIC_MODELS: 'a, b',
      }).ai.anthropic,
    ).toEqual({ apiKey: 'sk-ant', baseUrl: 'http://proxy/v1', models: ['a', 'b'] });
  });
});

describe('loadConfig: integrations', () => {
  it('leaves Slack unconfigured until both client id and secret are set, with Slack’s own URLs by default', () => {
    expect(loadConfig({}).integrations.slack).toMatchObject({
      client: null,
      missing: ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET'],
      authorizeUrl: 'https://slack.com/oauth/v2/authorize',
      tokenUrl: 'https://slack.com/api/oauth.v2.access',
      apiUrl: 'https://slack.com/api',
    });
    expect(loadConfig({ SLACK_CLIENT_ID: '1.2' }).integrations.slack.client).toBeNull();
    const slack = loadConfig({
      SLACK_CLIENT_ID: '1.2',
      SLACK_CLIENT_SECRET: 's3cret',
      SLACK_TOKEN_URL: 'http://127.0.0.1:9999/api/oauth.v2.access',
      SLACK_API_URL: 'http://127.0.0.1:9999/api/',
    }).integrations.slack;
    expect(slack.client).toEqual({ id: '1.2', secret: 's3cret' });
    expect(slack.tokenUrl).toBe('http://127.0.0.1:9999/api/oauth.v2.access');
    expect(slack.apiUrl).toBe('http://127.0.0.1:9999/api');
  });

  it('sets up the generic OAuth 2.0 app only with its client and both URLs, naming what is missing', () => {
    const partial = loadConfig({ OAUTH2_CLIENT_ID: 'c', OAUTH2_CLIENT_SECRET: 's' }).integrations.oauth2;
    expect(partial.client).toBeNull();
    expect(partial.missing).toEqual(['OAUTH2_AUTHORIZE_URL', 'OAUTH2_TOKEN_URL']);
    const full = loadConfig({
      OAUTH2_CLIENT_ID: 'c',
      OAUTH2_CLIENT_SECRET: 's',
      OAUTH2_AUTHORIZE_URL: 'https://id.example.com/auth',
      OAUTH2_TOKEN_URL: 'https://id.example.com/token',
      OAUTH2_SCOPES: ' openid  offline_access ',
      OAUTH2_NAME: 'Acme ID',
    }).integrations.oauth2;
    expect(full).toMatchObject({ label: 'Acme ID', client: { id: 'c', secret: 's' }, missing: [] });
    expect(full.scopes).toEqual(['openid', 'offline_access']);
  });

  it('names a malformed URL at start', () => {
    expect(() => loadConfig({ SLACK_TOKEN_URL: 'not a url' })).toThrow(/SLACK_TOKEN_URL/);
  });
});
