// Schema-driven fuzzing: for every operation of openapi/openapi.json, malformed requests (wrong
// types, missing fields, huge strings, NUL and control characters, unicode, negative and huge
// numbers, odd path parameters) as anonymous, a stranger, the owner and with garbage credentials.
// No answer may be a 5xx (or a hang). Requests go in small concurrent batches; whenever every
// write in a batch was refused, the database and every repository's refs must be as before it.
import { diffSnapshots, snapshot, type Forge, type RawRequest } from './forge.ts';
import { bodySchema, fillPath, operations, realValue, resolve, type Operation } from './params.ts';
import type { World } from './seed.ts';
import { rng, type Rng } from '../src/demo/rng.ts';

/** encodeURIComponent that also takes lone surrogates (sent as their UTF-8-like bytes). */
const enc = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ed%a0%80';
  }
};

// Path segments and query values, already percent-encoded where they must be.
const ODD_SEGMENTS = [
  '',
  '.',
  '..',
  '%2e%2e',
  '..%2f..%2fetc',
  '%2fetc%2fpasswd',
  '%00',
  'a%00b',
  '%0a',
  '%0d%0a',
  '%09',
  '%7f',
  '%ff%fe',
  '%c0%ae',
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '99999999999999999999999',
  '-9223372036854775809',
  '9223372036854775808',
  'NaN',
  'Infinity',
  'null',
  'true',
  '--upload-pack=touch%20%2ftmp%2fx',
  '-rf',
  '--help',
  'HEAD',
  'HEAD~1',
  'main~1',
  'main^{tree}',
  'refs%2fheads%2fmain',
  'main...',
  '...',
  '..main',
  '%40',
  '~',
  '^',
  ':',
  '*',
  '%3f',
  '%23',
  '%25',
  '%5c',
  '.git',
  'a.git',
  'a.lock',
  'a..b',
  '%20',
  '%e2%80%ae',
  encodeURIComponent('漢字😀'),
  encodeURIComponent('ü'),
  encodeURIComponent('\u0000'),
  'a'.repeat(300),
  'x'.repeat(5000),
  '%3cscript%3e',
  "'%20OR%201=1--",
];

const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001f',
  '\n',
  '\r\n',
  '\t',
  '\u007f',
  '\ud800',
  '\uffff',
  '\u202e',
  '漢字😀',
  'ü',
  '..',
  '../../etc/passwd',
  '-rf',
  '--upload-pack=touch /tmp/x',
  'HEAD',
  'refs/heads/main',
  'main',
  'feature',
  'main...feature',
  '<script>alert(1)</script>',
  "' OR 1=1--",
  '%00',
  'null',
  '0',
  '-1',
  '1e309',
  'a'.repeat(300),
  'x'.repeat(70_000),
  '#zzzzzz',
  'ffffff',
  '2026-13-45T99:99:99Z',
  'not-a-date',
];

const ODD_NUMBERS = [-1, 0, -0, 1.5, -2147483649, 2147483648, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 1, 2, 3, 999999];

function oddValue(r: Rng, depth = 0): unknown {
  switch (r.int(8)) {
    case 0:
    case 1:
      return r.pick(ODD_STRINGS);
    case 2:
      return r.pick(ODD_NUMBERS);
    case 3:
      return r.pick([true, false, null]);
    case 4:
      return depth > 3 ? [] : Array.from({ length: r.int(4) }, () => oddValue(r, depth + 1));
    case 5:
      return depth > 3 ? {} : { [r.pick(ODD_STRINGS).slice(0, 20)]: oddValue(r, depth + 1) };
    case 6:
      return r.pick(['true', '1', '[]', '{}']);
    default:
      return r.pick(ODD_STRINGS) + r.pick(ODD_STRINGS).slice(0, 50);
  }
}

/** A value for `schema`: sometimes plausible, often malformed, with fields dropped or added. */
function gen(schema: any, r: Rng, depth = 0): unknown {
  const s = resolve(schema);
  if (r.chance(0.4) || depth > 4) return oddValue(r, depth);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (s.enum) return r.chance(0.7) ? r.pick(s.enum) : r.pick(ODD_STRINGS);
  if (s.anyOf || s.oneOf) return gen(r.pick(s.anyOf ?? s.oneOf), r, depth + 1);
  switch (type) {
    case 'string':
      return r.chance(0.5)
        ? r.pick(['main', 'feature', 'hello', 'v1.0', 'README.md', 'read', 'write', 'admin', 'open', 'closed', 'APPROVED', 'COMMENT', 'merge'])
        : r.pick(ODD_STRINGS);
    case 'integer':
    case 'number':
      return r.pick(ODD_NUMBERS);
    case 'boolean':
      return r.chance(0.8) ? r.chance(0.5) : r.pick(['yes', 0, 1]);
    case 'array':
      return Array.from({ length: r.chance(0.1) ? 300 : r.int(4) }, () => gen(s.items ?? {}, r, depth + 1));
    case 'object':
    default: {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries<any>(s.properties ?? {})) if (r.chance(0.6)) out[k] = gen(v, r, depth + 1);
      if (r.chance(0.2)) out[r.pick(['__proto__', 'constructor', 'id', 'owner', 'admin', 'is_admin', 'private'])] = oddValue(r, depth + 1);
      return out;
    }
  }
}

interface Fuzzed {
  req: RawRequest;
  actor: string;
}

function makeRequest(op: Operation, w: World, r: Rng): Fuzzed {
  const target = { repo: r.chance(0.5) ? w.priv : w.pub, org: r.chance(0.5) ? w.privOrg : w.pubOrg };
  const p = fillPath(op.path, (name) => (r.chance(0.6) ? enc(realValue(op.path, name, target, w)) : r.pick(ODD_SEGMENTS)));
  const query: string[] = [];
  for (const prm of op.op.parameters ?? []) {
    if (prm.in !== 'query' || !r.chance(0.5)) continue;
    const v = r.chance(0.5) ? r.pick(ODD_SEGMENTS) : enc(String(gen(prm.schema, r)));
    query.push(`${enc(prm.name)}=${v}`);
  }
  if (r.chance(0.1)) query.push(`${r.pick(['page', 'limit', 'sha', 'ref', 'path', 'q'])}=${r.pick(ODD_SEGMENTS)}`);
  const req: RawRequest = { method: op.method, path: `/api/v1${p}${query.length ? `?${query.join('&')}` : ''}` };
  const body = bodySchema(op.op);
  if (body || r.chance(0.05)) {
    const roll = r.next();
    if (roll < 0.1)
      req.rawBody = r.pick([
        '{',
        '[]',
        'null',
        '"x"',
        '{"a":',
        '\u0000',
        '{"title":"\u0000"}',
        'x'.repeat(200_000),
        '[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]',
      ]);
    else req.body = gen(body?.schema ?? {}, r);
    if (body?.contentType && body.contentType !== 'application/json') req.contentType = r.chance(0.5) ? body.contentType : 'multipart/form-data; boundary=zzz';
    else if (r.chance(0.05))
      req.contentType = r.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/json; charset=utf-16']);
  }
  const actor = r.pick(['anonymous', 'stranger', 'owner', 'owner', 'garbage credentials']);
  if (actor === 'stranger') req.token = w.stranger.token;
  if (actor === 'owner') req.token = w.owner.token;
  if (actor === 'garbage credentials') {
    req.headers = {
      Authorization: r
        .pick([
          'token \u0001',
          'token ' + 'f'.repeat(40),
          'Basic !!!',
          'Basic ' + Buffer.from(`${w.owner.name}:wrong`).toString('base64'),
          'Basic ' + Buffer.from('nobody\u0000:x').toString('base64'),
          'Bearer',
          'token',
          'x'.repeat(9000),
        ])
        .replace(/[^\t\x20-\x7e]/g, '?'),
    };
  }
  return { req, actor };
}

export interface FuzzResult {
  requests: number;
  serverErrors: string[];
  /** Batches whose writes were all refused, compared before and after. */
  batchesCompared: number;
  changes: string[];
}

export function reproduce(base: string, f: Fuzzed, status: number | string): string {
  const body = f.req.rawBody ?? (f.req.body === undefined ? undefined : JSON.stringify(f.req.body));
  const shown = body && body.length > 2000 ? `${body.slice(0, 2000)}… (${body.length} chars)` : body;
  return `${status} ${f.req.method} ${base}${f.req.path.length > 600 ? `${f.req.path.slice(0, 600)}… (${f.req.path.length} chars)` : f.req.path} as ${f.actor}${f.req.headers ? ` headers ${JSON.stringify(f.req.headers).slice(0, 200)}` : ''}${shown !== undefined ? ` body ${JSON.stringify(shown)}` : ''}${f.req.contentType ? ` content-type ${f.req.contentType}` : ''}`;
}

export async function fuzz(
  forge: Forge,
  w: World,
  opts: { perOperation: number; seed: number; batch?: number; log?: (s: string) => void; from?: number; to?: number },
): Promise<FuzzResult> {
  const r = rng(opts.seed);
  const batchSize = opts.batch ?? 16;
  const result: FuzzResult = { requests: 0, serverErrors: [], batchesCompared: 0, changes: [] };
  const all: Fuzzed[] = [];
  for (const op of operations()) for (let i = 0; i < opts.perOperation; i++) all.push(makeRequest(op, w, r));
  // A long run can be split or resumed: the same seed makes the same requests, and from/to pick
  // which of them to send (what the progress lines print is where to go on from).
  const from = Math.max(0, opts.from ?? 0);
  const to = Math.min(all.length, opts.to ?? all.length);
  let before = await snapshot(forge.dataDir);
  for (let i = from; i < to; i += batchSize) {
    const batch = all.slice(i, Math.min(i + batchSize, to));
    const answers = await Promise.all(
      batch.map((f) =>
        forge.send(f.req).then(
          (a) => a.status,
          (e: Error) => `no answer (${e.message})`,
        ),
      ),
    );
    result.requests += batch.length;
    let wrote = false;
    batch.forEach((f, j) => {
      const status = answers[j]!;
      if (typeof status === 'string' || status >= 500) result.serverErrors.push(reproduce(forge.base, f, status));
      if (f.req.method !== 'GET' && f.req.method !== 'HEAD' && (typeof status !== 'number' || status < 400)) wrote = true;
    });
    const after = await snapshot(forge.dataDir);
    if (!wrote) {
      result.batchesCompared++;
      const changed = diffSnapshots(before, after);
      if (changed.length)
        result.changes.push(
          `${changed.join(', ')} changed after refused requests:\n    ${batch.map((f, j) => reproduce(forge.base, f, answers[j]!)).join('\n    ')}`,
        );
    }
    before = after;
    if (opts.log && ((i - from) / batchSize) % 50 === 0) {
      const found = result.serverErrors.length + result.changes.length;
      opts.log(
        `  fuzz: sent up to ${i + batch.length} of ${all.length} (from ${from}); ${result.serverErrors.length} 5xx, ${result.changes.length} changes so far`,
      );
      if (found) opts.log(`    latest: ${[...result.serverErrors, ...result.changes].at(-1)!.slice(0, 400)}`);
    }
  }
  return result;
}
