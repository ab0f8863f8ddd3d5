import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/*
 * The key of client addresses' keyed hashes, kept outside the database (README, "Privacy"):
 * with the key in the database, anyone holding a copy of it could hash all 2³² IPv4 addresses
 * and read every stored hash back. ADDRESS_HASH_SECRET when set; else a key file beside the
 * SQLite database (mode 0600, 32 random bytes as hex) made on first start, which backups keep
 * apart from the database. Every process of a cluster reads the same file: the first to start
 * writes it to a private temporary name and links it into place, which fails for all but one,
 * so nobody ever reads a half-written key.
 */

const KEY_PATTERN = /^[0-9a-f]{64}$/;

export class AddressHashKeyError extends Error {
  override name = 'AddressHashKeyError';
}

/** The secret: the configured one, the key file's (made when missing), or for an in-memory database one for this process. */
export async function resolveAddressHashSecret(configured: string | null, keyFile: string | null): Promise<string> {
  if (configured !== null) return configured;
  if (keyFile === null) return randomBytes(32).toString('hex');
  const existing = await readKey(keyFile);
  if (existing !== null) return existing;
  await mkdir(path.dirname(keyFile), { recursive: true });
  const temporary = `${keyFile}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(temporary, keyFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temporary, { force: true });
  }
  const made = await readKey(keyFile);
  if (made === null) throw new AddressHashKeyError(`${keyFile} vanished while it was made`);
  return made;
}

async function readKey(keyFile: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(keyFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const key = text.trim();
  if (!KEY_PATTERN.test(key)) throw new AddressHashKeyError(`${keyFile} is not an address-hash key (64 hex digits); restore it from its backup or delete it to start new hashes`);
  return key;
}
