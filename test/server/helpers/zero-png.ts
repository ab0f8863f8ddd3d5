import { constants, crc32, deflateRawSync } from 'node:zlib';

/*
 * A real PNG of `width` × `height` black RGB pixels, made without ever holding its pixels: its
 * rows (a filter byte and three bytes a pixel, all zero) compress to one deflate piece per MiB
 * that repeats, so a 16383 × 16383 picture (805 MB decoded) is about 800 KB and takes a few
 * milliseconds to make. What an attacker sends to make a server decode far more than it reads
 * (README.md, "Abuse paths and the limits that stop them").
 */

const PIECE = 1024 * 1024;
const zeros = Buffer.alloc(PIECE);
/** Deflate's window is 32 KiB: a piece after the first refers only to zeros before it. */
const window = Buffer.alloc(32 * 1024);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A zlib stream of `total` zero bytes, built from repeated deflate pieces. */
function zeroStream(total: number): Buffer {
  const firstLength = Math.min(PIECE, total);
  const parts = [Buffer.from([0x78, 0xda]), deflateRawSync(zeros.subarray(0, firstLength), { level: 9, finishFlush: constants.Z_SYNC_FLUSH })];
  let left = total - firstLength;
  if (left > PIECE) {
    const middle = deflateRawSync(zeros, { level: 9, dictionary: window, finishFlush: constants.Z_SYNC_FLUSH });
    for (; left > PIECE; left -= PIECE) parts.push(middle);
  }
  parts.push(deflateRawSync(zeros.subarray(0, left), { level: 9, dictionary: window }));
  // Adler-32 of zeros: a stays 1, b adds 1 a byte.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0);
  parts.push(adler);
  return Buffer.concat(parts);
}

export function zeroPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits a channel
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zeroStream((1 + width * 3) * height)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
