// Avatars: an uploaded one by its content hash (services/user-avatar.ts), else one generated from the
// name (an initial on a colour derived from it), so the forge needs no network.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../context.ts';
import { avatarDir, CUSTOM_AVATAR_RE, imageType } from '../services/user-avatar.ts';

export const avatars = new Hono<AppEnv>();

avatars.get('/avatars/:name', (c) => {
  const name = c.req.param('name');
  if (CUSTOM_AVATAR_RE.test(name)) {
    let data: Buffer;
    try {
      data = fs.readFileSync(path.join(avatarDir(c.var.deps.config), name));
    } catch {
      return c.body('Not found', 404);
    }
    // The name is the content's hash: it never changes, so it may be cached for good.
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(new Uint8Array(data), 200, { 'Content-Type': imageType(data) ?? 'application/octet-stream' });
  }
  const hue = createHash('md5').update(name.toLowerCase()).digest()[0]! * (360 / 256);
  const initial = (name[0] ?? '?').toUpperCase().replace(/[<>&"']/g, '?');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" fill="hsl(${Math.round(hue)} 55% 45%)"/><text x="64" y="64" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="64" fill="#fff">${initial}</text></svg>`;
  c.header('Cache-Control', 'public, max-age=86400');
  return c.body(svg, 200, { 'Content-Type': 'image/svg+xml' });
});
