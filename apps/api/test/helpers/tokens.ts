import { createHmac } from 'node:crypto';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function decodeClaims(token: string): Record<string, unknown> {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A JWT built by hand, so a test controls every part: algorithm, claims, expiry and key. */
export function craftToken(
  claims: Record<string, unknown>,
  { secret, alg = 'HS256' }: { secret: string; alg?: 'HS256' | 'HS384' | 'HS512' | 'none' },
): string {
  const unsigned = `${encode({ alg, typ: 'JWT' })}.${encode(claims)}`;
  if (alg === 'none') return `${unsigned}.`;
  const digest = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg];
  return `${unsigned}.${createHmac(digest, secret).update(unsigned).digest('base64url')}`;
}

export const OTHER_SECRET = 'another-secret-that-is-long-enough-for-hs256-signing';

/**
 * Every way a request can come without a valid session, built from a valid token of a real user (best a
 * seller's, so that the forged payload is a promotion to administrador): the server must answer 401 to each.
 */
export function invalidAuthorizations(
  validToken: string,
  secret: string,
): [string, Record<string, string>][] {
  const claims = decodeClaims(validToken);
  const [header, payload, signature] = validToken.split('.');
  const nowSeconds = Math.floor(Date.now() / 1000);
  const promoted = encode({ ...claims, rol: 'administrador', usuario: 'Intruso' });
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  return [
    ['no Authorization header', {}],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['a Basic scheme', { authorization: `Basic ${Buffer.from('admin:clave').toString('base64')}` }],
    ['a token that is not a JWT', auth('no-es-un-token')],
    ['a forged payload under the original signature', auth(`${header}.${promoted}.${signature}`)],
    ['a tampered signature', auth(`${header}.${payload}.${signature?.slice(0, -4)}AAAA`)],
    ['a token signed with another secret', auth(craftToken(claims, { secret: OTHER_SECRET }))],
    [
      'an expired token',
      auth(craftToken({ ...claims, iat: nowSeconds - 120, exp: nowSeconds - 60 }, { secret })),
    ],
    ['a token with alg none', auth(craftToken(claims, { secret, alg: 'none' }))],
    ['a token with another algorithm (HS512)', auth(craftToken(claims, { secret, alg: 'HS512' }))],
    ['a token without a version claim', auth(craftToken({ ...claims, ver: undefined }, { secret }))],
    ['a token of a user that does not exist', auth(craftToken({ ...claims, sub: '999999' }, { secret }))],
  ];
}
