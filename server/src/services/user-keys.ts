// SSH public keys: parse and check an OpenSSH "type base64 [comment]" line, fingerprint it as
// `ssh-keygen -lf` does (SHA256 of the key blob, unpadded base64), and store it as Gitea's public_key.
import { createHash } from 'node:crypto';
import type { Db } from '../db/types.ts';
import { nowUnix } from '../db/index.ts';
import { withDatabaseLock } from '../db/dialect.ts';
import type { PublicKeyRow } from '../db/schema.ts';
import { deletePublicKeyById, findKeyIdByFingerprint, findPublicKeyById, findUserKeyIdByName, insertPublicKey } from '../db/keys.ts';
import { ApiError, forbidden, notFound, unprocessable } from '../errors.ts';

export interface ParsedKey {
  type: string;
  /** "type base64", without the comment (the title names the key). */
  content: string;
  fingerprint: string;
  bits: number;
}

const ECDSA_POINT: Record<string, number> = { nistp256: 65, nistp384: 97, nistp521: 133 };
/** Gitea's default [ssh.minimum_key_sizes]: RSA below 3071 bits is refused. */
const MIN_RSA_BITS = 3071;

class Reader {
  private pos = 0;
  constructor(private readonly buf: Buffer) {}
  string(): Buffer {
    if (this.pos + 4 > this.buf.length) throw new Error('truncated key blob');
    const len = this.buf.readUInt32BE(this.pos);
    this.pos += 4;
    if (len > this.buf.length - this.pos) throw new Error('truncated key blob');
    const out = this.buf.subarray(this.pos, this.pos + len);
    this.pos += len;
    return out;
  }
  done() {
    return this.pos === this.buf.length;
  }
}

/** Bits of an SSH mpint (big-endian, may carry one leading zero byte). */
function mpintBits(b: Buffer): number {
  let i = 0;
  while (i < b.length && b[i] === 0) i++;
  if (i === b.length) return 0;
  return (b.length - i - 1) * 8 + (32 - Math.clz32(b[i]!));
}

/** Throws a 422 in Gitea's words ("Invalid key content: …") when the text is not a usable public key. */
export function parsePublicKey(text: string): ParsedKey {
  const bad = (why: string) => unprocessable(`Invalid key content: ${why}`);
  const parts = text.trim().split(/\s+/);
  if (parts.length < 2 || !parts[0]) throw bad('no key type and key data');
  const [type, b64] = parts as [string, string];
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw bad('key data is not base64');
  const blob = Buffer.from(b64, 'base64');
  if (blob.toString('base64').replace(/=+$/, '') !== b64.replace(/=+$/, '')) throw bad('key data is not base64');
  let bits = 0;
  try {
    const r = new Reader(blob);
    const embedded = r.string().toString('latin1');
    if (embedded !== type) throw new Error(`key type "${type}" does not match the key data ("${embedded}")`);
    if (type === 'ssh-ed25519') {
      if (r.string().length !== 32) throw new Error('bad ed25519 key');
      bits = 256;
    } else if (type === 'ssh-rsa') {
      const e = r.string();
      const n = r.string();
      if (!mpintBits(e) || !mpintBits(n)) throw new Error('bad rsa key');
      bits = mpintBits(n);
      if (bits < MIN_RSA_BITS) throw new Error(`key size is not enough: ${bits} < ${MIN_RSA_BITS} bits`);
    } else if (type.startsWith('ecdsa-sha2-')) {
      const curve = type.slice('ecdsa-sha2-'.length);
      const want = ECDSA_POINT[curve];
      if (!want) throw new Error(`unsupported key type "${type}"`);
      if (r.string().toString('latin1') !== curve) throw new Error('curve does not match the key type');
      const q = r.string();
      if (q.length !== want || q[0] !== 4) throw new Error('bad ecdsa point');
      bits = Number(curve.slice('nistp'.length));
    } else {
      throw new Error(`unsupported key type "${type}"`);
    }
    if (!r.done()) throw new Error('trailing data in key blob');
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw bad((err as Error).message);
  }
  const fingerprint = 'SHA256:' + createHash('sha256').update(blob).digest('base64').replace(/=+$/, '');
  return { type, content: `${type} ${blob.toString('base64')}`, fingerprint, bits };
}

export async function addPublicKey(db: Db, ownerId: number, title: string, keyText: string): Promise<PublicKeyRow> {
  const parsed = parsePublicKey(keyText);
  const name = title.trim();
  // One key belongs to one account across the site, as Gitea's checkKeyFingerprint: checked and
  // added under a lock held across server processes, so two accounts adding it at once cannot both.
  return withDatabaseLock(db, 'public_key', () =>
    db.transaction().execute(async (tx) => {
      const dup = await findKeyIdByFingerprint(tx, parsed.fingerprint);
      if (dup) throw unprocessable('Key content has been used as non-deploy key');
      const sameName = await findUserKeyIdByName(tx, ownerId, name);
      if (sameName) throw unprocessable('Key title has been used');
      const t = nowUnix();
      return insertPublicKey(tx, {
        owner_id: ownerId,
        name,
        fingerprint: parsed.fingerprint,
        content: parsed.content,
        key_type: parsed.type,
        created_unix: t,
        updated_unix: t,
      });
    }),
  );
}

/** Only the key's owner or a site admin may delete it (403 "You do not have access to this key", as Gitea). */
export async function deletePublicKey(db: Db, doer: { id: number; is_admin: number }, id: number) {
  const key = await findPublicKeyById(db, id);
  if (!key) throw notFound();
  if (key.owner_id !== doer.id && doer.is_admin !== 1) throw forbidden('You do not have access to this key');
  await deletePublicKeyById(db, id);
}
