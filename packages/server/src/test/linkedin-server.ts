import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A post as it arrived at the local LinkedIn, with the headers the Posts API requires. */
export type LinkedInReceivedPost = {
  id: string;
  body: Record<string, unknown>;
  version: string;
  protocol: string;
  token: string;
};

const MEMBER = {
  sub: '782bbtaQ',
  email_verified: true,
  name: 'Grace Hopper',
  locale: { country: 'US', language: 'en' },
  given_name: 'Grace',
  family_name: 'Hopper',
  email: 'grace@example.com',
  picture: 'https://media.licdn.com/dms/image/grace.jpg',
};

/**
 * A real HTTP server speaking LinkedIn's OAuth 2.0 for standard web apps (the consent page
 * `/oauth/v2/authorization`, no PKCE; `/oauth/v2/accessToken` with the client's id and secret in
 * the form, giving a 60-day access token and no refresh token; `/oauth/v2/revoke`) and the API
 * the LinkedIn actions call: OpenID `GET /v2/userinfo` and `POST /rest/posts`, which wants the
 * LinkedIn-Version and X-Restli-Protocol-Version headers and the member as author, and answers 201
 * with the post's URN in x-restli-id. Errors have LinkedIn's shapes: `{ error, error_description }`
 * from OAuth, `{ status, serviceErrorCode, code, message }` from the API.
 */
export async function startLinkedInServer({ clientId, clientSecret }: { clientId: string; clientSecret: string }) {
  const codes = new Map<string, { redirectUri: string; scope: string }>();
  const accessTokens = new Set<string>();
  const tokenRequests: { form: Record<string, string>; authorization: string | undefined }[] = [];
  const authorizeQueries: Record<string, string>[] = [];
  const revoked: string[] = [];
  const posts: LinkedInReceivedPost[] = [];
  let sequence = 7200000000000000000n;

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const apiError = (res: ServerResponse, status: number, code: string, message: string, serviceErrorCode = 100) =>
    send(res, status, { status, serviceErrorCode, code, message });
  const readText = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text;
  };

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/oauth/v2/authorization') {
      const q = url.searchParams;
      authorizeQueries.push(Object.fromEntries(q));
      if (q.get('client_id') !== clientId || q.get('response_type') !== 'code') {
        res.writeHead(400, { 'content-type': 'text/plain' }).end('Invalid client_id or response_type');
        return;
      }
      const redirect = q.get('redirect_uri') ?? '';
      const back = new URL(redirect);
      const code = randomBytes(24).toString('base64url');
      codes.set(code, { redirectUri: redirect, scope: q.get('scope') ?? '' });
      back.searchParams.set('code', code);
      back.searchParams.set('state', q.get('state') ?? '');
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (req.method === 'POST' && (url.pathname === '/oauth/v2/accessToken' || url.pathname === '/oauth/v2/revoke')) {
      const form = Object.fromEntries(new URLSearchParams(await readText(req)));
      if (form.client_id !== clientId || form.client_secret !== clientSecret)
        return send(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
      if (url.pathname === '/oauth/v2/revoke') {
        if (accessTokens.delete(form.token ?? '')) revoked.push(form.token ?? '');
        return send(res, 200, undefined);
      }
      tokenRequests.push({ form, authorization: req.headers.authorization });
      if (form.grant_type !== 'authorization_code')
        return send(res, 400, {
          error: 'invalid_request',
          error_description: 'Refresh tokens are not enabled for this application',
        });
      const issued = codes.get(form.code ?? '');
      codes.delete(form.code ?? '');
      if (!issued || issued.redirectUri !== form.redirect_uri)
        return send(res, 400, {
          error: 'invalid_request',
          error_description:
            'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
        });
      const access = `AQV${randomBytes(24).toString('base64url')}`;
      accessTokens.add(access);
      return send(res, 200, {
        access_token: access,
        expires_in: 5183999,
        scope: issued.scope.split(' ').sort().join(','),
        token_type: 'Bearer',
      });
    }
    if (req.method === 'GET' && url.pathname === '/_test/posts') return send(res, 200, { posts });
    if (url.pathname.startsWith('/v2/') || url.pathname.startsWith('/rest/')) {
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      const text = req.method === 'POST' ? await readText(req) : '';
      if (!accessTokens.has(token)) return apiError(res, 401, 'INVALID_ACCESS_TOKEN', 'Invalid access token', 65600);
      if (req.method === 'GET' && url.pathname === '/v2/userinfo') return send(res, 200, MEMBER);
      if (req.method === 'POST' && url.pathname === '/rest/posts') {
        const version = String(req.headers['linkedin-version'] ?? '');
        if (!version)
          return apiError(
            res,
            400,
            'VERSION_MISSING',
            'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
          );
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(text);
        } catch {
          return apiError(res, 400, 'ILLEGAL_ARGUMENT', 'Unable to parse the request body');
        }
        if (body.author !== `urn:li:person:${MEMBER.sub}`)
          return apiError(
            res,
            403,
            'ACCESS_DENIED',
            `Not enough permissions to access: partnerApiPostsExternal.CREATE.${version}`,
          );
        const commentary = String(body.commentary ?? '');
        if (commentary.length > 3000)
          return apiError(res, 422, 'UNPROCESSABLE_ENTITY', '/commentary :: length must be at most 3000');
        sequence += 1n;
        const id = `urn:li:share:${sequence}`;
        posts.push({
          id,
          body,
          version,
          protocol: String(req.headers['x-restli-protocol-version'] ?? ''),
          token,
        });
        return send(res, 201, undefined, { 'x-restli-id': id, 'x-linkedin-id': id });
      }
      return apiError(res, 404, 'NOT_FOUND', `No virtual resource found`);
    }
    res.writeHead(404).end();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    env: {
      LINKEDIN_CLIENT_ID: clientId,
      LINKEDIN_CLIENT_SECRET: clientSecret,
      LINKEDIN_AUTHORIZE_URL: `${baseUrl}/oauth/v2/authorization`,
      LINKEDIN_TOKEN_URL: `${baseUrl}/oauth/v2/accessToken`,
      LINKEDIN_API_URL: baseUrl,
    },
    member: MEMBER,
    posts,
    tokenRequests,
    authorizeQueries,
    accessTokens,
    revoked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type LinkedInServer = Awaited<ReturnType<typeof startLinkedInServer>>;
