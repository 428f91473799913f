// Runtime configuration from /config.json, so one build can talk to any Gitea-compatible server.
import { takeBootResponse } from './boot';

export interface RuntimeConfig {
  /** Origin (and optional path) of the forge whose /api/v1 the app uses; empty means this origin. */
  apiBaseUrl: string;
}

let current: RuntimeConfig = { apiBaseUrl: '' };

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const res = await (takeBootResponse('config') ?? fetch('/config.json', { cache: 'no-cache' }));
    if (res.ok) current = { ...current, ...((await res.json()) as Partial<RuntimeConfig>) };
  } catch {
    // No config file: same origin.
  }
  return current;
}

export const runtimeConfig = () => current;
export const setRuntimeConfig = (c: Partial<RuntimeConfig>) => (current = { ...current, ...c });

/** Absolute origin of the forge (no trailing slash). */
export function forgeOrigin(): string {
  const base = current.apiBaseUrl.replace(/\/+$/, '');
  return base || window.location.origin;
}

export const apiRoot = () => `${forgeOrigin()}/api/v1`;
