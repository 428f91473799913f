// Generated avatars (an initial on a colour derived from the name), so the forge needs no network.
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from './context.ts';

export const avatars = new Hono<AppEnv>();

avatars.get('/avatars/:name', (c) => {
  const name = c.req.param('name');
  const hue = createHash('md5').update(name.toLowerCase()).digest()[0]! * (360 / 256);
  const initial = (name[0] ?? '?').toUpperCase().replace(/[<>&"']/g, '?');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128"><rect width="128" height="128" fill="hsl(${Math.round(hue)} 55% 45%)"/><text x="64" y="64" dy=".35em" text-anchor="middle" font-family="sans-serif" font-size="64" fill="#fff">${initial}</text></svg>`;
  c.header('Cache-Control', 'public, max-age=86400');
  return c.body(svg, 200, { 'Content-Type': 'image/svg+xml' });
});
