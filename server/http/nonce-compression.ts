// Compressed variants of a cached page whose only per-response difference is the CSP nonce: each is
// made once per page, and a response is its pieces with the fresh nonce stored (not compressed)
// between them — no compression, and for gzip no CRC over the page, per request.
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliDecompress, constants as zlibConstants, createBrotliCompress, crc32, deflateRaw, deflateRawSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to answer an Accept-Encoding header with: the highest q among br, gzip and identity
 * (`*` stands for any not named), ties going to br, then gzip. No header, or nothing acceptable,
 * means identity.
 */
export function pickEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().toLowerCase().split(';');
    const name = rawName?.trim();
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const of = (name: string) => q.get(name) ?? q.get('*') ?? (name === 'identity' ? 0.001 : 0);
  let best: Encoding = 'identity';
  let bestQ = 0;
  for (const name of ['br', 'gzip', 'identity'] as const) {
    const v = of(name);
    if (v > bestQ) {
      best = name;
      bestQ = v;
    }
  }
  return best;
}

// ---------------------------------------------------------------------------------------------------
// gzip

/**
 * A page deflated once, in pieces split at the nonce placeholder: each piece deflated on its own and
 * ended with a full flush (byte-aligned), with the page before it as the preset dictionary — stand-ins
 * (see brotli below) in the nonces' places, so a back-reference may reach into earlier pieces but
 * never into a nonce. A response is the gzip header, the pieces with the nonce as a stored block
 * between them, a final empty block and the trailer. The trailer's CRC is combined from each piece's
 * CRC (kept here) and the nonce's, so a response reads only the nonce, not the page.
 */
export interface GzipParts {
  deflated: Buffer[];
  crcs: number[];
  /** x^(8·length) mod the CRC polynomial for each piece: shifts a running CRC past the piece. */
  shifts: number[];
  lengths: number[];
  /** The nonce length the stand-ins had (null: no dictionaries, any nonce fits). */
  nonceLength: number | null;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final fixed-Huffman block holding only its end code: what zlib writes to finish after a flush. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

// CRC-32 combination (as zlib's crc32_combine): polynomial products modulo the reflected CRC-32
// polynomial, on 32-bit values where bit 31 is x^0.
const POLY = 0xedb88320;
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}
/** X2N[k] = x^(2^k) mod p. */
const X2N: number[] = [0x40000000];
for (let k = 1; k < 32; k++) X2N.push(multModP(X2N[k - 1] as number, X2N[k - 1] as number));
/** x^(8n) mod p: the operator that moves a CRC past n bytes. */
function shiftFor(bytes: number): number {
  let p = 0x80000000;
  let k = 3;
  for (let n = bytes; n > 0; n = Math.floor(n / 2), k++) if (n % 2) p = multModP(X2N[k & 31] as number, p);
  return p;
}
/** crc32(A ‖ B) from crc32(A), crc32(B) and B's shift operator. */
const combine = (crcA: number, crcB: number, shiftB: number) => (multModP(shiftB, crcA) ^ crcB) >>> 0;

/** The most a deflate back-reference reaches. */
const DEFLATE_WINDOW = 32_768;

/** The pieces, and what each is deflated with: the page before it, stand-ins in the nonces' places. */
function gzipPlan(body: string, placeholder: string, nonceLength: number) {
  const raw = body.split(placeholder).map((piece) => Buffer.from(piece));
  const fills = standIns(raw, raw.length - 1, nonceLength);
  const whole = fills ? Buffer.concat(raw.flatMap((piece, i) => (i < fills.length ? [piece, fills[i] as Buffer] : [piece]))) : null;
  let at = 0;
  const jobs = raw.map((piece, i) => {
    const dictionary = whole && at > 0 ? whole.subarray(Math.max(0, at - DEFLATE_WINDOW), at) : null;
    at += piece.length + nonceLength;
    return { piece, options: { finishFlush: zlibConstants.Z_FULL_FLUSH, ...(dictionary && i > 0 ? { dictionary } : {}) } };
  });
  const parts = (deflated: Buffer[]): GzipParts => ({
    deflated,
    crcs: raw.map((b) => crc32(b)),
    shifts: raw.map((b) => shiftFor(b.length)),
    lengths: raw.map((b) => b.length),
    nonceLength: fills ? nonceLength : null,
  });
  return { jobs, parts };
}

export function gzipParts(body: string, placeholder: string, nonceLength: number): GzipParts {
  const { jobs, parts } = gzipPlan(body, placeholder, nonceLength);
  return parts(jobs.map((j) => deflateRawSync(j.piece, j.options)));
}

/** gzipParts on the thread pool. */
export async function gzipPartsAsync(body: string, placeholder: string, nonceLength: number): Promise<GzipParts> {
  const { jobs, parts } = gzipPlan(body, placeholder, nonceLength);
  return parts(await Promise.all(jobs.map((j) => deflateRawAsync(j.piece, j.options))));
}

const deflateRawAsync = promisify(deflateRaw);

/** A stored (uncompressed) deflate block of `data`, starting on a byte boundary (after a flush). */
function storedBlock(data: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.writeUInt16LE(data.length, 1);
  head.writeUInt16LE(~data.length & 0xffff, 3);
  return Buffer.concat([head, data]);
}

/** One valid gzip member of the pieces with `nonce` between them; null for a nonce of another length than the stand-ins'. */
export function gzipWithNonce(parts: GzipParts, nonce: string): Buffer | null {
  const n = Buffer.from(nonce);
  if (parts.nonceLength !== null && parts.deflated.length > 1 && n.length !== parts.nonceLength) return null;
  const stored = storedBlock(n);
  const nonceCrc = crc32(n);
  const nonceShift = parts.deflated.length > 1 ? shiftFor(n.length) : 0;
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  parts.deflated.forEach((piece, i) => {
    if (i > 0) {
      chunks.push(stored);
      crc = combine(crc, nonceCrc, nonceShift);
      size += n.length;
    }
    chunks.push(piece);
    crc = combine(crc, parts.crcs[i] as number, parts.shifts[i] as number);
    size += parts.lengths[i] as number;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size % 2 ** 32, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------------------------------------------
// brotli

/**
 * A page brotli-compressed once by one encoder, flushed at each nonce: the encoder is fed each piece,
 * then a stand-in of the nonce's length, flushing after each, so every piece and every stand-in is a
 * run of whole meta-blocks ending on a byte boundary. A response puts an uncompressed meta-block
 * holding the nonce where each stand-in's output was. The decoder then holds the same number of
 * bytes at every position as the encoder assumed, and nothing else it keeps differs:
 * - the stand-ins are bytes the page never contains, each pair of bytes used once, so no
 *   back-reference of the page reads a stand-in (it would copy bytes the page does not have) and a
 *   stand-in has no back-reference of its own (only literals, so the last-distance ring is untouched,
 *   as by the uncompressed meta-block);
 * - literal context modelling is off, so a literal's Huffman code does not hang on the two bytes
 *   before it (which, right after a nonce, are the nonce's).
 * A stand-in cannot be made for a page using nearly every byte value: then there is no brotli variant.
 */
export interface BrotliParts {
  pieces: Buffer[];
  /** The nonce length the stand-ins had: a nonce of another length cannot take their place. */
  nonceLength: number;
}

export const BROTLI_QUALITY = 11;

/**
 * Stand-ins of `length` bytes, `count` of them: consecutive slices of an order-2 de Bruijn sequence
 * over the byte values absent from the pieces, so no two-byte sequence occurs twice among them.
 */
export function standIns(pieces: Buffer[], count: number, length: number): Buffer[] | null {
  if (count === 0) return [];
  const seen = new Uint8Array(256);
  for (const b of pieces) for (let i = 0; i < b.length; i++) seen[b[i] as number] = 1;
  // As few byte values as give enough pairs (a shorter sequence to make).
  const need = Math.max(2, Math.ceil(Math.sqrt(count * length)));
  const alphabet: number[] = [];
  for (let v = 0; v < 256 && alphabet.length < need; v++) if (!seen[v]) alphabet.push(v);
  const k = alphabet.length;
  if (k < 2 || k * k + 1 < count * length) return null;
  // Lyndon-word construction of the de Bruijn sequence B(k, 2), made linear by repeating its start.
  const seq: number[] = [];
  const a = [0, 0, 0];
  const gen = (t: number, p: number): void => {
    if (t > 2) {
      if (2 % p === 0) for (let j = 1; j <= p; j++) seq.push(a[j] as number);
      return;
    }
    a[t] = a[t - p] as number;
    gen(t + 1, p);
    for (let j = (a[t - p] as number) + 1; j < k; j++) {
      a[t] = j;
      gen(t + 1, t);
    }
  };
  gen(1, 1);
  seq.push(seq[0] as number);
  return Array.from({ length: count }, (_, i) => Buffer.from(seq.slice(i * length, (i + 1) * length).map((x) => alphabet[x] as number)));
}

/** The header of an uncompressed, non-last meta-block of `length` (1..65,536) bytes: 20 bits, padded. */
function uncompressedHeader(length: number): Buffer {
  const v = ((length - 1) << 3) | (1 << 19); // ISLAST 0, MNIBBLES 4 (00), MLEN-1, ISUNCOMPRESSED 1
  return Buffer.from([v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff]);
}

/** Compresses `body` for brotliWithNonce; null when no stand-in can be made. Runs on the thread pool. */
export async function brotliParts(body: string, placeholder: string, nonceLength: number, quality = BROTLI_QUALITY): Promise<BrotliParts | null> {
  if (nonceLength < 1 || nonceLength > 65_536) return null;
  const raw = body.split(placeholder).map((piece) => Buffer.from(piece));
  const fills = standIns(raw, raw.length - 1, nonceLength);
  if (!fills) return null;
  const encoder = createBrotliCompress({
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_DISABLE_LITERAL_CONTEXT_MODELING]: 1,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
    },
  });
  let out: Buffer[] = [];
  encoder.on('data', (chunk: Buffer) => out.push(chunk));
  const failed = new Promise<never>((_, reject) => encoder.once('error', reject));
  const take = () => {
    const b = Buffer.concat(out);
    out = [];
    return b;
  };
  // The flush callback runs once the flush's output is pushed; setImmediate lets any 'data' events
  // queued on the tick queue run before it is taken.
  const flushed = () => Promise.race([failed, new Promise<void>((resolve) => encoder.flush(() => setImmediate(resolve)))]);
  const pieces: Buffer[] = [];
  for (let i = 0; i < raw.length; i++) {
    encoder.write(raw[i]);
    if (i < raw.length - 1) {
      await flushed();
      pieces.push(take());
      encoder.write(fills[i]);
      await flushed();
      take(); // the stand-in's meta-block: a response has the nonce there
    } else {
      await Promise.race([failed, new Promise<void>((resolve) => encoder.once('end', resolve).end())]);
      pieces.push(take());
    }
  }
  const parts = { pieces, nonceLength };
  // The argument above, checked once per page: a nonce of other bytes than the stand-ins' decodes.
  const probe = randomBytes(nonceLength).toString('base64').slice(0, nonceLength).padEnd(nonceLength, '=');
  const decoded = await unbrotli(brotliWithNonce(parts, probe) as Buffer);
  return decoded.equals(Buffer.from(body.replaceAll(placeholder, () => probe))) ? parts : null;
}

const unbrotli = promisify(brotliDecompress);

/** The brotli stream of the page with `nonce`; null when the nonce's length differs from the stand-ins'. */
export function brotliWithNonce(parts: BrotliParts, nonce: string): Buffer | null {
  const n = Buffer.from(nonce);
  if (n.length !== parts.nonceLength) return null;
  if (parts.pieces.length === 1) return parts.pieces[0] as Buffer;
  const head = uncompressedHeader(n.length);
  const chunks: Buffer[] = [];
  parts.pieces.forEach((piece, i) => {
    if (i > 0) chunks.push(head, n);
    chunks.push(piece);
  });
  return Buffer.concat(chunks);
}
