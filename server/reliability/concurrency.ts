// Concurrency: many writers at once on one repository, through the API and git over HTTP.
// Parallel issue creation (unique numbers, none lost), parallel comments on one issue, parallel
// pushes to different branches and to one branch (every push git reported done is in the refs),
// parallel creation of one branch name (exactly one 201).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cloneUrl, git, type Forge } from './forge.ts';
import type { World } from './seed.ts';

export interface ConcurrencyResult {
  writes: number;
  lost: string[];
  duplicates: string[];
  problems: string[];
}

export async function concurrency(forge: Forge, w: World, opts: { short: boolean }): Promise<ConcurrencyResult> {
  const n = opts.short ? 16 : 100;
  const pushes = opts.short ? 4 : 12;
  const res: ConcurrencyResult = { writes: 0, lost: [], duplicates: [], problems: [] };
  const name = `conc-${Math.floor(Math.random() * 1e6).toString(36)}`;
  await forge.api(w.owner.token, 'POST', '/user/repos', { name, auto_init: true });
  await forge.api(w.owner.token, 'PUT', `/repos/${w.owner.name}/${name}/collaborators/${w.writer.name}`, { permission: 'write' });
  const base = `/repos/${w.owner.name}/${name}`;
  const who = [w.owner, w.writer];
  // A request that gets no answer counts as refused (status 0) rather than aborting the part, so
  // no write is still in flight when the next part starts.
  const send: typeof forge.send = (r) => forge.send(r).catch((e: Error) => ({ status: 0, text: `no answer: ${e.message}`, body: undefined }));

  // Issues: every 201 has its own number, and the list holds every one of them.
  const issues = await Promise.all(
    Array.from({ length: n }, (_, i) => send({ method: 'POST', path: `/api/v1${base}/issues`, token: who[i % 2]!.token, body: { title: `parallel ${i}` } })),
  );
  res.writes += n;
  const numbers = issues.filter((a) => a.status === 201).map((a) => a.body.number as number);
  for (const a of issues) if (a.status !== 201) res.problems.push(`parallel issue creation answered ${a.status}: ${a.text.slice(0, 200)}`);
  const seen = new Set<number>();
  for (const num of numbers) {
    if (seen.has(num)) res.duplicates.push(`issue number ${num} given twice`);
    seen.add(num);
  }
  const listed = new Map<number, string>();
  for (let page = 1; page < 20; page++) {
    const list = await forge.api(w.owner.token, 'GET', `${base}/issues?state=all&type=issues&limit=50&page=${page}`);
    for (const i of list) listed.set(i.number, i.title);
    if (list.length < 50) break;
  }
  issues.forEach((a, i) => {
    if (a.status === 201 && listed.get(a.body.number) !== `parallel ${i}`)
      res.lost.push(`issue "parallel ${i}" (#${a.body.number}) answered 201 but is not listed as such`);
  });

  // Comments on one issue.
  const target = numbers[0] ?? 1;
  const comments = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      send({ method: 'POST', path: `/api/v1${base}/issues/${target}/comments`, token: who[i % 2]!.token, body: { body: `comment ${i}` } }),
    ),
  );
  res.writes += n;
  const listedComments = new Set<string>((await forge.api(w.owner.token, 'GET', `${base}/issues/${target}/comments`)).map((c: any) => `${c.id} ${c.body}`));
  comments.forEach((a, i) => {
    if (a.status !== 201) res.problems.push(`parallel comment answered ${a.status}: ${a.text.slice(0, 200)}`);
    else if (!listedComments.has(`${a.body.id} comment ${i}`)) res.lost.push(`comment ${i} (id ${a.body.id}) answered 201 but is not on the issue`);
  });
  const ids = comments.filter((a) => a.status === 201).map((a) => a.body.id);
  if (new Set(ids).size !== ids.length) res.duplicates.push('two comments were given the same id');

  // Pushes: to different branches, then sibling commits racing for one new branch.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-rel-conc-'));
  const serverRepo = path.join(forge.dataDir, 'repositories', w.owner.name.toLowerCase(), `${name}.git`);
  try {
    const url = cloneUrl(forge.base, w.owner.name, w.owner.token, w.owner.name, name);
    await git(['clone', '-q', url, 'w'], work);
    const wd = path.join(work, 'w');
    const shas: string[] = [];
    for (let i = 0; i < pushes * 2; i++) {
      fs.writeFileSync(path.join(wd, 'f.txt'), `change ${i}\n`);
      await git(['add', 'f.txt'], wd);
      const tree = (await git(['write-tree'], wd)).trim();
      shas.push((await git(['commit-tree', tree, '-p', 'HEAD', '-m', `change ${i}`], wd)).trim());
    }
    const push = (sha: string, ref: string) =>
      git(['push', '-q', url, `${sha}:refs/heads/${ref}`], wd).then(
        () => true,
        () => false,
      );
    const different = await Promise.all(shas.slice(0, pushes).map((sha, i) => push(sha, `par-${i}`)));
    const race = await Promise.all(shas.slice(pushes).map((sha) => push(sha, 'race')));
    res.writes += pushes * 2;
    const refs = new Map(
      (await git(['for-each-ref', '--format=%(refname:short) %(objectname)', 'refs/heads'], serverRepo))
        .trim()
        .split('\n')
        .map((l) => l.split(' ') as [string, string]),
    );
    different.forEach((ok, i) => {
      if (!ok) res.problems.push(`push of a new branch par-${i} was refused`);
      else if (refs.get(`par-${i}`) !== shas[i]) res.lost.push(`push to par-${i} was reported done but the branch is at ${refs.get(`par-${i}`) ?? 'nothing'}`);
    });
    const won = race.filter(Boolean).length;
    if (won === 0) res.problems.push('of the racing pushes to one new branch none succeeded');
    if (won > 1) res.lost.push(`${won} sibling pushes to one branch were all reported done; only one can be in it`);
    race.forEach((ok, i) => {
      if (ok && refs.get('race') !== shas[pushes + i]) res.lost.push(`push ${i} to "race" was reported done but the branch is at ${refs.get('race')}`);
    });
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }

  // One branch name created by many at once: exactly one 201, the rest 409.
  const creates = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      send({ method: 'POST', path: `/api/v1${base}/branches`, token: who[i % 2]!.token, body: { new_branch_name: 'same-name', old_branch_name: 'main' } }),
    ),
  );
  res.writes += n;
  const created = creates.filter((a) => a.status === 201).length;
  if (created !== 1) res.duplicates.push(`creating branch "same-name" ${n} times at once answered 201 ${created} times`);
  for (const a of creates)
    if (a.status !== 201 && a.status !== 409) res.problems.push(`parallel branch creation answered ${a.status}: ${a.text.slice(0, 200)}`);
  return res;
}
