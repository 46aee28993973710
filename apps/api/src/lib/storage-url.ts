// Issue 16 (docs/decisions/024-s3-storage.md): where uploaded files live, from STORAGE_URL. Pure parsing, so
// that config.ts can refuse a malformed value at start-up without loading the S3 client.

export type StorageConfig =
  | { kind: 'disk' }
  | {
      kind: 's3';
      bucket: string;
      /** Prefix of every key (the URL's path), without a leading or trailing slash; '' for none. */
      prefix: string;
      /** A custom S3-compatible server (MinIO, Ceph, s3rver…), addressed path-style; undefined for AWS. */
      endpoint: string | undefined;
      region: string;
      /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY; undefined: the AWS SDK's default chain (role, profile…). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
    };

export const STORAGE_URL_FORMAT =
  'STORAGE_URL debe estar vacía, ser «file:» o tener la forma s3://bucket?endpoint=http://host:puerto&region=región';

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9._-]+$/;
const DEFAULT_REGION = 'us-east-1';

/** The storage STORAGE_URL names, or a Spanish message saying what is wrong with it. */
export function parseStorageUrl(
  value: string | undefined,
  keys: { accessKeyId?: string; secretAccessKey?: string } = {},
): StorageConfig | { error: string } {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'file:' || text === 'file://') return { kind: 'disk' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: STORAGE_URL_FORMAT };
  }
  if (url.protocol !== 's3:') return { error: STORAGE_URL_FORMAT };
  if (url.username || url.password || url.port || url.hash)
    return {
      error: `${STORAGE_URL_FORMAT} (las credenciales van en S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY, no en la URL)`,
    };
  const bucket = url.hostname;
  if (!BUCKET.test(bucket))
    return { error: `${STORAGE_URL_FORMAT}: «${bucket.slice(0, 70)}» no es un nombre de bucket válido` };
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  if (prefix && !prefix.split('/').every((segment) => PREFIX_SEGMENT.test(segment) && !/^\.+$/.test(segment)))
    return { error: `${STORAGE_URL_FORMAT}: el prefijo «${prefix.slice(0, 70)}» no es válido` };

  const known = new Set(['endpoint', 'region']);
  const unknown = [...url.searchParams.keys()].find((key) => !known.has(key));
  if (unknown) return { error: `${STORAGE_URL_FORMAT}: parámetro desconocido «${unknown.slice(0, 40)}»` };
  const endpointText = url.searchParams.get('endpoint')?.trim() || undefined;
  let endpoint: string | undefined;
  if (endpointText) {
    let parsed: URL;
    try {
      parsed = new URL(endpointText);
    } catch {
      return { error: `${STORAGE_URL_FORMAT}: el endpoint no es una URL http(s) válida` };
    }
    if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.username || parsed.password)
      return { error: `${STORAGE_URL_FORMAT}: el endpoint no es una URL http(s) válida` };
    endpoint = parsed.origin + parsed.pathname.replace(/\/+$/, '');
  }
  const region = url.searchParams.get('region')?.trim() || DEFAULT_REGION;
  if (!/^[a-z0-9-]{1,40}$/.test(region))
    return { error: `${STORAGE_URL_FORMAT}: la región «${region.slice(0, 40)}» no es válida` };

  const accessKeyId = keys.accessKeyId?.trim() || undefined;
  const secretAccessKey = keys.secretAccessKey?.trim() || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    return { error: 'S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY se indican juntas o ninguna de las dos' };
  return {
    kind: 's3',
    bucket,
    prefix,
    endpoint,
    region,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}
