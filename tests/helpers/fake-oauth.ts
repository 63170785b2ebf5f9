// A loopback fake of Google's and GitHub's OAuth endpoints in their documented shapes, served below
// `/<provider host>/<path>` as the app's OAUTH_API_BASE expects: Google's token endpoint (an ID token
// with the OIDC claims), GitHub's token endpoint, GET /user and GET /user/emails. Each authorization code
// a test issues stands for one provider profile.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
}

export interface GitHubProfile {
  id: number;
  login: string;
  name: string | null;
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export interface FakeOAuth {
  url: string;
  /** An authorization code that, exchanged, stands for this profile. */
  googleCode(profile: GoogleProfile): string;
  githubCode(profile: GitHubProfile): string;
  /** Token exchanges seen (form fields as sent). */
  exchanges: Record<string, string>[];
  close(): Promise<void>;
}

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

export async function startFakeOAuth(clients: { google: [string, string]; github: [string, string] }): Promise<FakeOAuth> {
  const codes = new Map<string, { kind: 'google'; p: GoogleProfile } | { kind: 'github'; p: GitHubProfile }>();
  const githubTokens = new Map<string, GitHubProfile>();
  const exchanges: Record<string, string>[] = [];
  const basic = ([id, secret]: [string, string]) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      if (req.method === 'POST' && (path === '/oauth2.googleapis.com/token' || path === '/github.com/login/oauth/access_token')) {
        const google = path.startsWith('/oauth2');
        exchanges.push(form);
        if (req.headers.authorization !== basic(google ? clients.google : clients.github)) return send(401, { error: 'invalid_client' });
        const found = codes.get(form.code ?? '');
        codes.delete(form.code ?? '');
        if (form.grant_type !== 'authorization_code' || !found || found.kind !== (google ? 'google' : 'github'))
          return send(400, { error: google ? 'invalid_grant' : 'bad_verification_code', error_description: 'Bad Request' });
        if (found.kind === 'google') {
          if (!form.code_verifier) return send(400, { error: 'invalid_grant', error_description: 'Missing code verifier.' });
          const now = Math.floor(Date.now() / 1000);
          const claims = { iss: 'https://accounts.google.com', aud: clients.google[0], iat: now, exp: now + 3600, ...found.p };
          const idToken = `${b64url({ alg: 'RS256', kid: 'fake', typ: 'JWT' })}.${b64url(claims)}.${crypto.randomBytes(32).toString('base64url')}`;
          return send(200, {
            access_token: `ya29.${crypto.randomUUID()}`,
            expires_in: 3599,
            scope: 'openid email profile',
            token_type: 'Bearer',
            id_token: idToken,
          });
        }
        const token = `gho_${crypto.randomBytes(18).toString('hex')}`;
        githubTokens.set(token, found.p);
        return send(200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
      }
      if (req.method === 'GET' && (path === '/api.github.com/user' || path === '/api.github.com/user/emails')) {
        const p = githubTokens.get(String(req.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!p) return send(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' });
        if (path.endsWith('/emails'))
          return send(
            200,
            p.emails.map((e) => ({ ...e, visibility: e.primary ? 'private' : null })),
          );
        return send(200, { login: p.login, id: p.id, name: p.name, avatar_url: `https://avatars.githubusercontent.com/u/${p.id}?v=4`, type: 'User' });
      }
      send(404, { message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issue = (entry: { kind: 'google'; p: GoogleProfile } | { kind: 'github'; p: GitHubProfile }) => {
    const code = crypto.randomBytes(10).toString('hex');
    codes.set(code, entry);
    return code;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    googleCode: (p) => issue({ kind: 'google', p }),
    githubCode: (p) => issue({ kind: 'github', p }),
    exchanges,
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
