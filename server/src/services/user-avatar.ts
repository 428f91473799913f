// Uploaded avatars: stored under <data>/avatars/<sha256 hex> and served by server/src/avatars.ts.
// The name hashes the user id with the bytes, so two users never share (and delete) one file;
// 64 hex characters can never be a user name (at most 40), so the two kinds of /avatars/ URL cannot clash.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Deps } from '../context.ts';
import { nowUnix } from '../db/index.ts';
import type { UserRow } from '../db/schema.ts';
import { updateUserAvatar } from '../db/users.ts';
import { unprocessable } from '../errors.ts';

/** Gitea's default [picture] AVATAR_MAX_FILE_SIZE. */
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const CUSTOM_AVATAR_RE = /^[0-9a-f]{64}$/;

export const avatarDir = (config: Config) => path.join(config.dataDir, 'avatars');

/** The image type from its first bytes, or null when it is not an image we serve. */
export function imageType(b: Buffer): string | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (b.length >= 12 && b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
}

function removeFile(config: Config, name: string) {
  if (CUSTOM_AVATAR_RE.test(name)) fs.rmSync(path.join(avatarDir(config), name), { force: true });
}

export async function saveUserAvatar(deps: Deps, user: UserRow, data: Buffer) {
  if (data.length > AVATAR_MAX_BYTES) throw unprocessable(`image: avatar is larger than ${AVATAR_MAX_BYTES} bytes`);
  if (!imageType(data)) throw unprocessable('image: uploaded avatar is not a PNG, JPEG, GIF or WebP image');
  const name = createHash('sha256').update(`${user.id}:`).update(data).digest('hex');
  fs.mkdirSync(avatarDir(deps.config), { recursive: true });
  fs.writeFileSync(path.join(avatarDir(deps.config), name), data);
  await updateUserAvatar(deps.db, user.id, name, 1, nowUnix());
  if (user.avatar && user.avatar !== name) removeFile(deps.config, user.avatar);
}

export async function removeUserAvatar(deps: Deps, user: UserRow) {
  await updateUserAvatar(deps.db, user.id, '', 0, nowUnix());
  if (user.avatar) removeFile(deps.config, user.avatar);
}
