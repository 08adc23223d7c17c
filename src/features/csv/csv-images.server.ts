// Pictures named by an imported CSV: our own stored image paths are kept as they are; an http(s)
// address is downloaded (public addresses only, a few seconds and 5 MB at most, redirects checked
// again) and goes through the same pipeline as a submitted picture (src/features/submission/
// images.server.ts: type by magic bytes, re-encoded by sharp, stored in Netlify Blobs, served by
// functions/images.ts). Anything else is dropped: the row is imported without a picture and the
// reason comes back as a warning.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { IMAGE_MAX_BYTES, IMAGE_MAX_LABEL, storedImageKey } from '#src/features/images/group-image.ts';
import { imageUrl, prepareImage, saveImage } from '#src/features/images/stored-images.server.ts';
import { getEnv } from '#src/lib/env.server.ts';
import { readBounded } from '#src/lib/read-bounded.server.ts';

/** One download's time limit. */
export const IMAGE_FETCH_TIMEOUT_MS = 4000;
/** Downloads at once. */
export const IMAGE_FETCH_CONCURRENCY = 8;
const MAX_REDIRECTS = 3;

export const CSV_IMAGE_MESSAGES = {
  notAddress: 'Imagem ignorada: informe um endereço http(s) da imagem ou deixe vazio',
  forbidden: 'Imagem ignorada: endereço não permitido (rede interna ou local)',
  unreachable: 'Imagem ignorada: não foi possível baixar a imagem',
  status: (status: number) => `Imagem ignorada: o endereço respondeu HTTP ${status}`,
  timeout: 'Imagem ignorada: o servidor da imagem demorou demais para responder',
  tooLarge: `Imagem ignorada: a imagem tem mais que ${IMAGE_MAX_LABEL}`,
  notImage: 'Imagem ignorada: o arquivo não é uma imagem JPG, PNG ou GIF',
  notStored: 'Imagem ignorada: não foi possível guardar a imagem agora',
  noTime: 'Imagem ignorada: tempo esgotado para baixar as imagens desta parte do arquivo',
} as const;

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 127], // :: and ::1
  ['::ffff:0:0', 96], // IPv4-mapped (checked as IPv4 below)
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** Whether a resolved address may be fetched: public only; loopback too when `allowLoopback`. */
export function isAllowedAddress(address: string, allowLoopback = false): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip);
  if (!family) return false;
  if (allowLoopback && (family === 4 ? ip.startsWith('127.') : ip === '::1')) return true;
  return !blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** Loopback addresses are fetched only locally and when asked (the tests' fake image server). */
function allowLoopback(): boolean {
  const env = getEnv();
  return env.isLocal && env.CSV_IMAGES_ALLOW_LOOPBACK === '1';
}

class ImageRefused extends Error {}

/** dns.lookup that refuses names resolving to a forbidden address (checked at connect: no rebinding). */
function guardedLookup(loopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      const list = Array.isArray(addresses) ? addresses : [];
      if (!list.length || list.some((a) => !isAllowedAddress(a.address, loopback)))
        return callback(new ImageRefused(CSV_IMAGE_MESSAGES.forbidden), '', 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** Download at most IMAGE_MAX_BYTES from a public http(s) address; throws ImageRefused with the warning. */
async function download(address: URL, signal: AbortSignal, redirects = 0): Promise<Buffer> {
  const loopback = allowLoopback();
  if (address.username || address.password) throw new ImageRefused(CSV_IMAGE_MESSAGES.notAddress);
  const literal = address.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !isAllowedAddress(literal, loopback))
    throw new ImageRefused(CSV_IMAGE_MESSAGES.forbidden);
  const client = address.protocol === 'https:' ? https : http;
  return new Promise<Buffer>((resolve, reject) => {
    const req = client.get(
      address,
      {
        lookup: guardedLookup(loopback),
        signal,
        headers: { accept: 'image/*', 'user-agent': 'GruposDeZap-CSV/1' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          if (redirects >= MAX_REDIRECTS) return reject(new ImageRefused(CSV_IMAGE_MESSAGES.unreachable));
          let next: URL;
          try {
            next = new URL(res.headers.location, address);
          } catch {
            return reject(new ImageRefused(CSV_IMAGE_MESSAGES.unreachable));
          }
          if (next.protocol !== 'http:' && next.protocol !== 'https:')
            return reject(new ImageRefused(CSV_IMAGE_MESSAGES.notAddress));
          return download(next, signal, redirects + 1).then(resolve, reject);
        }
        if (status !== 200) {
          res.resume();
          return reject(new ImageRefused(CSV_IMAGE_MESSAGES.status(status)));
        }
        readBounded(res, IMAGE_MAX_BYTES, { declared: res.headers['content-length'] }).then(
          (bytes) => (bytes ? resolve(bytes) : reject(new ImageRefused(CSV_IMAGE_MESSAGES.tooLarge))),
          reject,
        );
      },
    );
    req.on('error', (error) => {
      if (error instanceof ImageRefused) reject(error);
      else if (signal.aborted) reject(new ImageRefused(CSV_IMAGE_MESSAGES.timeout));
      else reject(new ImageRefused(CSV_IMAGE_MESSAGES.unreachable));
    });
  });
}

export type ImportedImage = { image: string | null; warning?: string };

/**
 * The picture of one imported row: empty stays empty, our stored path is kept, an http(s) address is
 * downloaded and stored (unless `deadline` has passed), anything else is dropped with a warning.
 */
export async function importImage(cell: string, deadline: number): Promise<ImportedImage> {
  const value = cell.trim();
  if (!value) return { image: null };
  // Our own stored picture is kept as it is.
  if (storedImageKey(value)) return { image: value };
  let address: URL;
  try {
    address = new URL(value);
  } catch {
    return { image: null, warning: CSV_IMAGE_MESSAGES.notAddress };
  }
  if (address.protocol !== 'http:' && address.protocol !== 'https:')
    return { image: null, warning: CSV_IMAGE_MESSAGES.notAddress };
  const left = deadline - Date.now();
  if (left <= 0) return { image: null, warning: CSV_IMAGE_MESSAGES.noTime };
  let bytes: Buffer;
  try {
    bytes = await download(address, AbortSignal.timeout(Math.min(IMAGE_FETCH_TIMEOUT_MS, left)));
  } catch (error) {
    if (error instanceof ImageRefused) return { image: null, warning: error.message };
    console.warn('[csv] image download failed:', error);
    return { image: null, warning: CSV_IMAGE_MESSAGES.unreachable };
  }
  let prepared: Awaited<ReturnType<typeof prepareImage>>;
  try {
    prepared = await prepareImage(new File([new Uint8Array(bytes)], 'imagem'));
  } catch {
    return { image: null, warning: CSV_IMAGE_MESSAGES.notImage };
  }
  try {
    return { image: imageUrl(await saveImage(prepared)) };
  } catch (error) {
    console.error('[csv] image could not be stored:', error);
    return { image: null, warning: CSV_IMAGE_MESSAGES.notStored };
  }
}

/** importImage over many cells, a few downloads at once, in input order. */
export async function importImages(cells: string[], deadline: number): Promise<ImportedImage[]> {
  const out: ImportedImage[] = new Array(cells.length);
  let next = 0;
  async function worker() {
    while (next < cells.length) {
      const i = next++;
      out[i] = await importImage(cells[i]!, deadline);
    }
  }
  await Promise.all(Array.from({ length: Math.min(IMAGE_FETCH_CONCURRENCY, cells.length) }, worker));
  return out;
}
