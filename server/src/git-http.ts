// Git smart HTTP (to be filled in).
import { Hono } from 'hono';
import type { AppEnv } from './context.ts';

export const gitHttp = new Hono<AppEnv>();
