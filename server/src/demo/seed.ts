// Demo data for a first start: three users and a handful of repositories with real history, so
// the forge has something to show. Runs in a couple of seconds: history comes from one
// `git fast-import` per repository, then the same push effects a real push has.
import type { Deps } from '../context.ts';
import { repoDir } from '../context.ts';
import { nowUnix } from '../db/index.ts';
import type { UserRow } from '../db/schema.ts';
import { findUserIdAmongNames } from '../db/users.ts';
import { fastImport } from '../git/fast-import.ts';
import { countAllCommits } from '../git/log.ts';
import { createUser } from '../services/users.ts';
import { createRepository } from '../services/repos.ts';
import { applyPushEffects, snapshotRefs } from '../services/pulls/push.ts';
import { buildFastImport, type HistorySpec, type Person } from './history.ts';
import { seedIssues } from './seed-issues.ts';
import { seedPulls } from './seed-pulls.ts';
import { seedOrgs } from './seed-orgs.ts';

/**
 * The demo users' password. It is public on purpose (printed at start and written here): the demo
 * is for trying the forge on a laptop; start with --no-demo for anything else.
 */
export const DEMO_PASSWORD = 'demo-password';

const DAY = 24 * 3600;

const PEOPLE = {
  alice: { name: 'Alice Archer', email: 'alice@example.com', tz: '+0100' },
  bob: { name: 'Bob Baker', email: 'bob@example.com', tz: '-0500' },
  carol: { name: 'Carol Chen', email: 'carol@example.com', tz: '+0800' },
  // Someone without an account, as in any real project.
  dana: { name: 'Dana Reyes', email: 'dana@contributors.example.org', tz: '+0000' },
} satisfies Record<string, Person>;

type DemoUser = 'alice' | 'bob' | 'carol';

interface DemoRepo {
  owner: DemoUser;
  name: string;
  description: string;
  private?: boolean;
  template?: boolean;
  /** No history: the repository stays empty. */
  history?: Omit<HistorySpec, 'startUnix' | 'endUnix' | 'mainBranch'> & { days: number };
}

const helloReadme = `# hello-forge

A small TypeScript toolkit used to show what this forge can do: browse the code, read the
history, compare branches and review changes.

## Layout

- \`src/core\`: parsing and rendering
- \`src/util\`: small helpers
- \`docs/\`: guides

## Getting started

\`\`\`sh
npm install
npm test
\`\`\`
`;

const REPOS: DemoRepo[] = [
  {
    owner: 'alice',
    name: 'hello-forge',
    description: 'A demo project with a few hundred commits, branches and tags',
    history: {
      seed: 1,
      days: 240,
      mainCommits: 320,
      authors: [PEOPLE.alice, PEOPLE.bob, PEOPLE.carol, PEOPLE.dana],
      initialFiles: {
        'README.md': helloReadme,
        'package.json': '{\n  "name": "hello-forge",\n  "version": "0.1.0",\n  "type": "module"\n}\n',
        'src/index.ts': "// Entry point.\nexport * from './core/parse.ts';\n",
        'src/core/parse.ts': '// src/core/parse.ts\n\nexport function parse(input: string): string[] {\n  return input.split(/\\s+/);\n}\n',
        'docs/guide.md': '# Guide\n\nStart here.\n',
        '.gitignore': 'node_modules/\ndist/\n',
      },
      areas: [
        { dir: 'src/core', ext: '.ts', comment: '//' },
        { dir: 'src/util', ext: '.ts', comment: '//' },
        { dir: 'src/cli', ext: '.ts', comment: '//' },
        { dir: 'docs', ext: '.md', comment: '' },
        { dir: 'test', ext: '.ts', comment: '//' },
      ],
      branches: [
        { name: 'release/1.x', from: 0.62, commits: 6 },
        { name: 'feature/markdown-preview', from: 0.7, commits: 5, mergeAt: 0.8 },
        { name: 'feature/search', from: 0.97, commits: 4 },
        { name: 'feature/dark-mode', from: 0.9, commits: 3 },
      ],
      tags: [
        { name: 'v0.1.0', at: 0.1 },
        { name: 'v0.2.0', at: 0.3, message: 'Version 0.2.0\n\nFirst release others used.' },
        { name: 'v0.3.0', at: 0.45 },
        { name: 'v1.0.0', at: 0.62, message: 'Version 1.0.0\n\nStable API.' },
        { name: 'v1.0.1', at: 'release/1.x', message: 'Version 1.0.1\n\nFixes from the release branch.' },
      ],
    },
  },
  {
    owner: 'alice',
    name: 'website',
    description: 'The project website (static HTML and CSS)',
    history: {
      seed: 2,
      days: 90,
      mainCommits: 45,
      authors: [PEOPLE.alice, PEOPLE.carol],
      initialFiles: {
        'README.md': '# website\n\nThe static site. Open `index.html`.\n',
        'index.html': '<!doctype html>\n<title>hello-forge</title>\n<link rel="stylesheet" href="css/site.css">\n<h1>hello-forge</h1>\n',
        'css/site.css': '/* css/site.css */\nbody {\n  font-family: system-ui;\n}\n',
      },
      areas: [
        { dir: 'pages', ext: '.html', comment: '<!--' },
        { dir: 'css', ext: '.css', comment: '/*' },
      ],
      tags: [{ name: 'launch', at: 0.5, message: 'Site launch' }],
    },
  },
  {
    owner: 'bob',
    name: 'tiny-db',
    description: 'A toy key-value store (private)',
    private: true,
    history: {
      seed: 3,
      days: 150,
      mainCommits: 130,
      authors: [PEOPLE.bob, PEOPLE.dana],
      initialFiles: {
        'README.md': '# tiny-db\n\nA toy key-value store with a write-ahead log.\n',
        'Cargo.toml': '[package]\nname = "tiny-db"\nversion = "0.1.0"\nedition = "2021"\n',
        'src/lib.rs': '// src/lib.rs\npub mod wal;\n',
        'src/wal.rs': '// src/wal.rs\npub fn append(buf: &mut Vec<u8>, rec: &[u8]) {\n    buf.extend_from_slice(rec);\n}\n',
      },
      areas: [
        { dir: 'src', ext: '.rs', comment: '//' },
        { dir: 'src/storage', ext: '.rs', comment: '//' },
        { dir: 'benches', ext: '.rs', comment: '//' },
      ],
      branches: [{ name: 'feature/compaction', from: 0.85, commits: 5 }],
      tags: [{ name: 'v0.1.0', at: 0.5, message: 'First usable version' }],
    },
  },
  {
    owner: 'alice',
    name: 'project-template',
    description: 'A template: generate a new repository from it',
    template: true,
    history: {
      seed: 4,
      days: 20,
      mainCommits: 8,
      authors: [PEOPLE.alice],
      initialFiles: {
        'README.md': '# project-template\n\nUse this template to start a new project.\n',
        '.gitignore': 'node_modules/\n',
        'src/main.py': '# src/main.py\ndef main():\n    print("hello")\n',
      },
      areas: [{ dir: 'src', ext: '.py', comment: '#' }],
    },
  },
  { owner: 'carol', name: 'empty-project', description: 'Nothing pushed yet: shows the empty-repository page' },
];

const USERS: Record<DemoUser, { full_name: string; email: string }> = {
  alice: { full_name: PEOPLE.alice.name, email: PEOPLE.alice.email },
  bob: { full_name: PEOPLE.bob.name, email: PEOPLE.bob.email },
  carol: { full_name: PEOPLE.carol.name, email: PEOPLE.carol.email },
};

/** strict: a failing step throws (tests); otherwise the pull requests are skipped with a warning, so `serve` always starts. */
export async function seedDemo(deps: Deps, _admin: UserRow, opts: { strict?: boolean } = {}): Promise<void> {
  const started = performance.now();
  const { db, config } = deps;
  const existing = await findUserIdAmongNames(db, Object.keys(USERS));
  if (existing) {
    console.log('Demo users already exist; skipping the demo seed.');
    return;
  }
  const users = {} as Record<DemoUser, UserRow>;
  for (const [name, u] of Object.entries(USERS) as Array<[DemoUser, (typeof USERS)[DemoUser]]>) {
    users[name] = await createUser(db, { username: name, email: u.email, full_name: u.full_name, password: DEMO_PASSWORD });
  }

  const end = nowUnix() - 2 * 3600;
  let commits = 0;
  for (const spec of REPOS) {
    const owner = users[spec.owner];
    const repo = await createRepository(deps, owner, owner, { name: spec.name, description: spec.description, private: spec.private, template: spec.template });
    if (!spec.history) continue;
    const dir = repoDir(config, owner.name, repo.name);
    const { days, ...history } = spec.history;
    const stream = buildFastImport({ ...history, mainBranch: repo.default_branch, startUnix: end - days * DAY, endUnix: end });
    const before = await snapshotRefs(dir);
    await fastImport(dir, stream);
    await applyPushEffects(deps, repo, before, await snapshotRefs(dir), owner);
    commits += await countAllCommits(dir);
  }
  await seedIssues(deps);
  try {
    await seedPulls(deps, users);
    await seedOrgs(deps, users);
  } catch (err) {
    if (opts.strict) throw err;
    console.warn(`Demo pull requests or organization skipped: ${err instanceof Error ? err.message : String(err)}`);
  }
  console.log(
    `Demo data: users alice, bob and carol (password: ${DEMO_PASSWORD}), ${REPOS.length} repositories with ` +
      `${commits} commits, issues and pull requests, and the organization forge-org, in ${Math.round(performance.now() - started)} ms.`,
  );
}
