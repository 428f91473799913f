// One webhook request (Gitea's services/webhook/deliver.go Deliver): the body as JSON or as the
// form field `payload`, Gitea's X-Gitea-*, X-Gogs-* and GitHub-compatible headers with HMAC
// signatures of the body, a time limit, the SSRF guard on every address (host-guard.ts), and no
// redirect followed (a 3xx answer is recorded as it came, a failure: a redirect could lead to an
// address the guard would refuse).
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { WebhookRow } from '../../db/schema.ts';
import type { HostGuard } from './host-guard.ts';
import { eventHeader } from './events.ts';

/** What a receiver answered: its status, headers and the start of its body. */
export interface HookResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface HookRequest {
  url: string;
  http_method: string;
  headers: Record<string, string>;
  body: string;
}

const RESPONSE_EXCERPT = 64 * 1024;

/** The request a task makes: method, URL, headers (signatures included) and body. */
export function buildRequest(hook: WebhookRow, task: { uuid: string; event_type: string; payload_content: string }, version: string): HookRequest {
  const payload = task.payload_content;
  const form = hook.content_type === 2;
  const body = form ? new URLSearchParams({ payload }).toString() : payload;
  // Gitea signs the payload (not the form encoding of it).
  const sha1 = hook.secret ? createHmac('sha1', hook.secret).update(payload).digest('hex') : '';
  const sha256 = hook.secret ? createHmac('sha256', hook.secret).update(payload).digest('hex') : '';
  const event = eventHeader(task.event_type);
  const headers: Record<string, string> = {
    'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json',
    'User-Agent': `Go-http-client/1.1 (forge ${version})`,
    'X-Gitea-Delivery': task.uuid,
    'X-Gitea-Event': event,
    'X-Gitea-Event-Type': task.event_type,
    'X-Gitea-Signature': sha256,
    'X-Gogs-Delivery': task.uuid,
    'X-Gogs-Event': event,
    'X-Gogs-Event-Type': task.event_type,
    'X-Gogs-Signature': sha256,
    // As Gitea's addDefaultHeaders: the prefix even without a secret.
    'X-Hub-Signature': `sha1=${sha1}`,
    'X-Hub-Signature-256': `sha256=${sha256}`,
    'X-GitHub-Delivery': task.uuid,
    'X-GitHub-Event': event,
    'X-GitHub-Event-Type': task.event_type,
  };
  if (hook.authorization_header) headers.Authorization = hook.authorization_header;
  return { url: hook.url, http_method: 'POST', headers, body };
}

/** Sends the request; resolves with the answer, rejects with why none came. */
export function sendRequest(req: HookRequest, guard: HostGuard, timeoutMs: number): Promise<HookResponse> {
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return Promise.reject(new Error(`invalid URL: ${req.url}`));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.reject(new Error(`unsupported URL scheme: ${url.protocol}`));
  const literal = guard.checkLiteral(url.hostname);
  if (literal) return Promise.reject(new Error(literal));
  const body = Buffer.from(req.body, 'utf8');
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise<HookResponse>((resolve, reject) => {
    const r = lib.request(
      url,
      {
        method: req.http_method,
        headers: { ...req.headers, 'Content-Length': String(body.length) },
        lookup: guard.lookup(),
        agent: false,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          if (size < RESPONSE_EXCERPT) chunks.push(c);
          size += c.length;
        });
        res.on('end', () => {
          clearTimeout(timer);
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT).toString('utf8') });
        });
        res.on('error', (e) => {
          clearTimeout(timer);
          reject(e);
        });
      },
    );
    // The whole exchange within the limit (the socket timeout alone only bounds idle time).
    const timer = setTimeout(() => r.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    r.on('timeout', () => r.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    r.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    r.end(body);
  });
}
