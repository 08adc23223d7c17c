// A stand-in for an age-verification provider speaking OpenID Connect, as a real one does: discovery,
// JWKS (an RS256 key made per server), an authorization endpoint that checks the client and the redirect
// URI and hands back a code, and a token endpoint that checks the client's secret (Basic or post), the
// code, the redirect URI and the PKCE verifier, and answers a real signed ID token carrying the nonce and
// the age claim. Its failures: a person under 18 (the claim false), a person who refuses (access_denied),
// a provider down (discovery 503), a token endpoint that fails (500) and an ID token signed by a key the
// JWKS does not publish.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/** How the next person the provider sees answers. */
export type FakePerson = 'adult' | 'minor' | 'refuses' | 'claimless';
/** 'forged-token': the ID token is signed with a key the JWKS does not publish (an impostor). */
export type FakeOutage = 'none' | 'down' | 'token-fails' | 'forged-token';

export interface FakeOidc {
  /** the issuer identifier (AGE_VERIFICATION_ISSUER) */
  issuer: string;
  clientId: string;
  clientSecret: string;
  claim: string;
  person: FakePerson;
  outage: FakeOutage;
  /** 'METHOD /path' of every request, in order */
  requests: string[];
  close(): Promise<void>;
}

interface Grant {
  nonce: string | null;
  challenge: string;
  redirectUri: string;
  person: FakePerson;
}

async function body(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/** Start a provider on a free port of 127.0.0.1. */
export async function startFakeOidc(
  options: { clientId?: string; clientSecret?: string; claim?: string } = {},
): Promise<FakeOidc> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const impostor = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'fake-1', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, Grant>();
  let server: Server;

  const state: FakeOidc = {
    issuer: '',
    clientId: options.clientId ?? 'grupos-de-zap',
    clientSecret: options.clientSecret ?? 'segredo-do-cliente-de-teste',
    claim: options.claim ?? 'age_over_18',
    person: 'adult',
    outage: 'none',
    requests: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  const send = (res: import('node:http').ServerResponse, status: number, data: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(data));
  };

  server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', state.issuer);
    state.requests.push(`${req.method} ${url.pathname}`);
    if (state.outage === 'down') return send(res, 503, { error: 'temporarily_unavailable' });

    if (url.pathname === '/.well-known/openid-configuration')
      return send(res, 200, {
        issuer: state.issuer,
        authorization_endpoint: `${state.issuer}/authorize`,
        token_endpoint: `${state.issuer}/token`,
        jwks_uri: `${state.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        scopes_supported: ['openid'],
        claims_supported: ['sub', state.claim],
      });

    if (url.pathname === '/jwks') return send(res, 200, { keys: [jwk] });

    if (url.pathname === '/authorize' && req.method === 'GET') {
      const q = url.searchParams;
      const redirectUri = q.get('redirect_uri');
      if (q.get('client_id') !== state.clientId || !redirectUri)
        return send(res, 400, { error: 'invalid_request' });
      if (
        q.get('response_type') !== 'code' ||
        q.get('code_challenge_method') !== 'S256' ||
        !q.get('code_challenge')
      )
        return send(res, 400, { error: 'invalid_request', error_description: 'PKCE S256 required' });
      const back = new URL(redirectUri);
      if (q.get('state')) back.searchParams.set('state', q.get('state')!);
      if (state.person === 'refuses') {
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = randomBytes(16).toString('base64url');
        grants.set(code, {
          nonce: q.get('nonce'),
          challenge: q.get('code_challenge')!,
          redirectUri,
          person: state.person,
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.href });
      return res.end();
    }

    if (url.pathname === '/token' && req.method === 'POST') {
      if (state.outage === 'token-fails') return send(res, 500, { error: 'server_error' });
      const form = await body(req);
      let clientId = form.get('client_id');
      let secret = form.get('client_secret');
      const basic = req.headers.authorization?.match(/^Basic (.+)$/)?.[1];
      if (basic) {
        const [id, pass] = Buffer.from(basic, 'base64').toString('utf8').split(':').map(decodeURIComponent);
        clientId = id ?? null;
        secret = pass ?? null;
      }
      if (clientId !== state.clientId || secret !== state.clientSecret)
        return send(res, 401, { error: 'invalid_client' });
      const code = form.get('code') ?? '';
      const grant = grants.get(code);
      grants.delete(code);
      if (form.get('grant_type') !== 'authorization_code' || !grant)
        return send(res, 400, { error: 'invalid_grant' });
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (challenge !== grant.challenge || form.get('redirect_uri') !== grant.redirectUri)
        return send(res, 400, { error: 'invalid_grant' });
      const claims: Record<string, unknown> = {};
      if (grant.person !== 'claimless') claims[state.claim] = grant.person === 'adult';
      if (grant.nonce) claims.nonce = grant.nonce;
      const idToken = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'fake-1' })
        .setIssuer(state.issuer)
        .setAudience(state.clientId)
        .setSubject(`pessoa-${randomBytes(4).toString('hex')}`)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(state.outage === 'forged-token' ? impostor.privateKey : privateKey);
      return send(res, 200, {
        access_token: randomBytes(16).toString('base64url'),
        token_type: 'Bearer',
        expires_in: 300,
        id_token: idToken,
      });
    }
    return send(res, 404, { error: 'not_found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
