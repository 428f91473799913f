// Issue #23: authorize before validating. Every write route of openapi/openapi.json gets a body
// with wrong-typed fields and an empty one, as anonymous and as a signed-in stranger, on a public
// and a private repository and organization (real names, issues, pulls and teams of the
// reliability suite's seeded world). Gitea's chain is token → repository or organization
// assignment → permission → body binding, so the answer is the refusal: 401 for anonymous, 404
// where the caller cannot see the target, 403 where they can but may not change it; never a 422 or
// 400 that tells them the body's schema. Nothing may change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffSnapshots, snapshot, startForge, type Forge, type RawRequest } from '../reliability/forge.ts';
import { bodyJudgedFirst, invalidBody, mayWrite, scopeOf, type ActorName, type Scope } from '../reliability/matrix.ts';
import { bodySchema, fillPath, operations, realValue, type Operation, type Target } from '../reliability/params.ts';
import { seedWorld, type World } from '../reliability/seed.ts';

let forge: Forge;
let w: World;

beforeAll(async () => {
  forge = await startForge();
  w = await seedWorld(forge);
}, 120_000);
afterAll(() => forge?.close());

const WRITES = operations().filter((op) => !['GET', 'HEAD'].includes(op.method));

// Where a stranger who can see the target gets 404 rather than 403: Gitea hides a team from
// non-members of its organization (reqTeamMembership answers 404 unless they are members), and
// cancelling an automatic merge that was never scheduled is 404 before the permission check
// (repo.CancelScheduledAutoMerge).
const STRANGER_404_ON_PUBLIC: RegExp[] = [
  /^\w+ \/teams\/\{id\}/,
  /^DELETE \/repos\/\{owner\}\/\{repo\}\/pulls\/\{index\}\/merge$/,
  // Gitea's setIssueSubscription looks the {user} up (404 when there is none, as here) before its 403.
  /^(PUT|DELETE) \/repos\/\{owner\}\/\{repo\}\/issues\/\{index\}\/subscriptions\/\{user\}$/,
];
// And 405 where Gitea's handler refuses a merge (not allowed to merge: 405).
const STRANGER_405_ON_PUBLIC: RegExp[] = [/^POST \/repos\/\{owner\}\/\{repo\}\/pulls\/\{index\}\/merge$/];

/** The answers Gitea may give `who` for a write they may not do. */
function expected(op: Operation, scope: Scope, isPrivate: boolean, who: ActorName): number[] {
  const key = `${op.method} ${op.path}`;
  // Sign-up is closed here (the default, Gitea's DISABLE_REGISTRATION): 403 to everyone, before the body.
  if (key === 'POST /user/signup') return [403];
  if (who === 'anonymous') {
    // On a private repository Gitea's repoAssignment answers 404 before reqToken on every route
    // (the /user/starred/{owner}/{repo} group asks for the token first). An organization's
    // orgAssignment does not judge visibility, so reqToken's 401 comes; here it comes before the
    // lookup, so a missing organization answers the same (the reliability matrix checks that).
    if (scope === 'repo' && isPrivate && !op.path.startsWith('/user/')) return [404];
    return [401];
  }
  if (isPrivate && scope !== 'user') return [404];
  const refusal = STRANGER_404_ON_PUBLIC.some((re) => re.test(key)) ? 404 : STRANGER_405_ON_PUBLIC.some((re) => re.test(key)) ? 405 : 403;
  // Gitea binds these bodies before the handler's own permission check (matrix.ts); a body that
  // is not JSON at all is 400 here.
  return bodyJudgedFirst(op, scope, isPrivate, who) ? [422, 400, refusal] : [refusal];
}

type Body = 'invalid' | 'empty' | 'malformed';

function request(op: Operation, t: Target, who: ActorName, body: Body): RawRequest {
  const req: RawRequest = {
    method: op.method,
    path: `/api/v1${fillPath(op.path, (n) => encodeURIComponent(realValue(op.path, n, t, w)))}`,
    token: who === 'stranger' ? w.stranger.token : undefined,
  };
  const schema = bodySchema(op.op);
  if (!schema || schema.contentType === 'application/json') {
    if (body === 'malformed') {
      req.rawBody = '{"title": ';
      req.contentType = 'application/json';
    } else req.body = body === 'invalid' && schema ? invalidBody(schema.schema) : {};
  } else {
    // A multipart upload without its file part, or one that does not parse.
    req.rawBody =
      body === 'invalid' ? '--x\r\nContent-Disposition: form-data; name="other"\r\n\r\nhello\r\n--x--\r\n' : body === 'empty' ? '' : '--x\r\nbroken';
    req.contentType = 'multipart/form-data; boundary=x';
  }
  return req;
}

describe.each(['public', 'private'] as const)('on the %s target', (visibility) => {
  const isPrivate = visibility === 'private';
  it.each(['anonymous', 'stranger'] as const)('%s gets the refusal, not the body check, and nothing changes', async (who) => {
    const t: Target = isPrivate ? { repo: w.priv, org: w.privOrg } : { repo: w.pub, org: w.pubOrg };
    const before = await snapshot(forge.dataDir);
    const wrong: string[] = [];
    let cells = 0;
    for (const op of WRITES) {
      const scope = scopeOf(op.path);
      if (scope === 'user' && isPrivate) continue; // users have no private twin
      if (mayWrite(op, scope, isPrivate, who)) continue; // allowed: then the body is what to judge
      const want = expected(op, scope, isPrivate, who);
      for (const body of ['invalid', 'empty', 'malformed'] as const) {
        const a = await forge.send(request(op, t, who, body));
        cells++;
        // An empty body that is valid reaches the handler's own refusal, the same answer.
        if (!want.includes(a.status)) wrong.push(`${op.method} ${op.path} (${body} body) → ${a.status}, want ${want}: ${a.text.slice(0, 100)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(cells).toBeGreaterThan(isPrivate ? 150 : 180);
    expect(diffSnapshots(before, await snapshot(forge.dataDir))).toEqual([]);
  });
});

// The other side: a caller who may do the write still gets the body check, and the handler, which
// now runs up to its first read of the input, has changed nothing by then.
it.each(['public', 'private'] as const)('the owner of the %s target gets 422/400 for an invalid body, and nothing changes', async (visibility) => {
  const t: Target = visibility === 'private' ? { repo: w.priv, org: w.privOrg } : { repo: w.pub, org: w.pubOrg };
  const before = await snapshot(forge.dataDir);
  const wrong: string[] = [];
  let cells = 0;
  for (const op of WRITES) {
    const schema = bodySchema(op.op);
    if (schema?.contentType !== 'application/json' || !Object.keys(schema.schema.properties ?? {}).length) continue;
    // Refused to the owner too (not a site admin; a token may not create tokens), and no
    // attachment is seeded (404 for the missing one); sign-up is closed (403 to everyone).
    if (/^\/admin\/|^\/users\/\{username\}\/tokens|\{attachment_id\}|^\/user\/signup$/.test(op.path)) continue;
    for (const body of ['invalid', 'malformed'] as const) {
      const req = { ...request(op, t, 'anonymous', body), token: w.owner.token };
      const a = await forge.send(req);
      cells++;
      const want = body === 'invalid' ? 422 : 400;
      if (a.status !== want) wrong.push(`${op.method} ${op.path} (${body} body) → ${a.status}, want ${want}: ${a.text.slice(0, 100)}`);
    }
  }
  expect(wrong).toEqual([]);
  expect(cells).toBeGreaterThan(60);
  expect(diffSnapshots(before, await snapshot(forge.dataDir))).toEqual([]);
});
