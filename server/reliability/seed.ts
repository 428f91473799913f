// The seeded world every part of the suite works on, built through the API and git over HTTP as a
// user would: users, a public and a private organization with a team, public and private
// repositories with commits, a feature branch, a tag, issues, comments, labels, milestones, a pull
// request with a review, a commit status and a branch protection rule. Private data carries a
// marker string, so any answer that contains it shows who could see it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cloneUrl, git, type Forge } from './forge.ts';

export interface Person {
  name: string;
  token: string;
  id: number;
  password: string;
}

export interface RepoSeed {
  owner: string;
  repo: string;
  id: number;
  private: boolean;
  issue: number;
  pull: number;
  comment: number;
  label: number;
  milestone: number;
  review: number;
  sha: string;
  featureSha: string;
}

export interface OrgSeed {
  name: string;
  private: boolean;
  team: { id: number; name: string };
  repo: string;
}

export interface World {
  owner: Person;
  stranger: Person;
  reader: Person;
  writer: Person;
  pub: RepoSeed;
  priv: RepoSeed;
  pubOrg: OrgSeed;
  privOrg: OrgSeed;
  /** Appears only in private data (private repository, private organization). */
  marker: string;
}

async function seedRepo(forge: Forge, w: Pick<World, 'owner' | 'reader' | 'writer' | 'marker'>, isPrivate: boolean): Promise<RepoSeed> {
  const { owner } = w;
  const tag = isPrivate ? w.marker : 'public';
  const name = `${isPrivate ? 'priv' : 'pub'}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  const r = await forge.api(owner.token, 'POST', '/user/repos', { name, private: isPrivate, auto_init: true, description: `repo ${tag}` });
  const base = `/repos/${owner.name}/${name}`;
  await forge.api(owner.token, 'PUT', `${base}/collaborators/${w.reader.name}`, { permission: 'read' });
  await forge.api(owner.token, 'PUT', `${base}/collaborators/${w.writer.name}`, { permission: 'write' });

  // A feature branch and a tag, pushed with git over HTTP.
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-rel-work-'));
  try {
    const url = cloneUrl(forge.base, owner.name, owner.token, owner.name, name);
    await git(['clone', '-q', url, 'w'], work);
    const wd = path.join(work, 'w');
    await git(['checkout', '-q', '-b', 'feature'], wd);
    fs.writeFileSync(path.join(wd, 'feature.txt'), `feature ${tag}\n`);
    await git(['add', 'feature.txt'], wd);
    await git(['commit', '-q', '-m', `Add feature ${tag}`], wd);
    await git(['tag', 'v1.0', 'HEAD~1'], wd);
    await git(['push', '-q', 'origin', 'feature', 'v1.0'], wd);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  const main = await forge.api(owner.token, 'GET', `${base}/branches/main`);
  const feature = await forge.api(owner.token, 'GET', `${base}/branches/feature`);

  const label = await forge.api(owner.token, 'POST', `${base}/labels`, { name: `bug ${tag}`, color: '#ee0701' });
  const milestone = await forge.api(owner.token, 'POST', `${base}/milestones`, { title: `v1 ${tag}` });
  const issue = await forge.api(owner.token, 'POST', `${base}/issues`, {
    title: `Issue ${tag}`,
    body: `body ${tag}`,
    labels: [label.id],
    milestone: milestone.id,
  });
  const comment = await forge.api(owner.token, 'POST', `${base}/issues/${issue.number}/comments`, { body: `comment ${tag}` });
  const pull = await forge.api(owner.token, 'POST', `${base}/pulls`, { title: `Pull ${tag}`, head: 'feature', base: 'main', body: `pull ${tag}` });
  const review = await forge.api(w.writer.token, 'POST', `${base}/pulls/${pull.number}/reviews`, { event: 'COMMENT', body: `review ${tag}` });
  await forge.api(owner.token, 'POST', `${base}/statuses/${feature.commit.id}`, { state: 'success', context: 'ci', description: `ci ${tag}` });
  await forge.api(owner.token, 'POST', `${base}/branch_protections`, { rule_name: 'main', enable_push: false, required_approvals: 1 });
  return {
    owner: owner.name,
    repo: name,
    id: r.id,
    private: isPrivate,
    issue: issue.number,
    pull: pull.number,
    comment: comment.id,
    label: label.id,
    milestone: milestone.id,
    review: review.id,
    sha: main.commit.id,
    featureSha: feature.commit.id,
  };
}

async function seedOrg(forge: Forge, w: Pick<World, 'owner' | 'reader' | 'marker'>, isPrivate: boolean): Promise<OrgSeed> {
  const tag = isPrivate ? w.marker : 'public';
  const name = `${isPrivate ? 'porg' : 'org'}-${Math.floor(Math.random() * 1e6).toString(36)}`;
  await forge.api(w.owner.token, 'POST', '/orgs', { username: name, description: `org ${tag}`, visibility: isPrivate ? 'private' : 'public' });
  const team = await forge.api(w.owner.token, 'POST', `/orgs/${name}/teams`, {
    name: `readers-${tag}`.slice(0, 30),
    permission: 'read',
    units: ['repo.code', 'repo.issues', 'repo.pulls'],
  });
  await forge.api(w.owner.token, 'PUT', `/teams/${team.id}/members/${w.reader.name}`);
  const repo = `orepo-${Math.floor(Math.random() * 1e6).toString(36)}`;
  await forge.api(w.owner.token, 'POST', `/orgs/${name}/repos`, { name: repo, private: isPrivate, auto_init: true, description: `org repo ${tag}` });
  await forge.api(w.owner.token, 'PUT', `/teams/${team.id}/repos/${name}/${repo}`);
  return { name, private: isPrivate, team: { id: team.id, name: team.name }, repo };
}

export async function seedWorld(forge: Forge): Promise<World> {
  const marker = `SECRET${Math.floor(Math.random() * 1e9).toString(36)}`;
  const [owner, stranger, reader, writer] = [await forge.user('owner'), await forge.user('stranger'), await forge.user('reader'), await forge.user('writer')];
  const w = { owner, stranger, reader, writer, marker };
  const pub = await seedRepo(forge, w, false);
  const priv = await seedRepo(forge, w, true);
  const pubOrg = await seedOrg(forge, w, false);
  const privOrg = await seedOrg(forge, w, true);
  return { ...w, pub, priv, pubOrg, privOrg };
}
