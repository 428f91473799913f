// Demo pull requests in alice/hello-forge: open (with a review requesting changes, an inline
// comment and an approval), draft, merged, closed and conflicting, with commit statuses on their
// heads. The topic branches are written with `git fast-import` like the rest of the demo history;
// everything after that goes through the public API (createApp + app.request), so the seed keeps
// working while the pull request internals change, and exercises the code users reach.
import type { Deps } from '../context.ts';
import { repoDir } from '../context.ts';
import { nowUnix } from '../db/index.ts';
import type { UserRow } from '../db/schema.ts';
import { findRepoByOwnerAndName } from '../db/repos.ts';
import { deleteTokensByIds } from '../db/tokens.ts';
import { fastImport } from '../git/fast-import.ts';
import { verifyRev } from '../git/repo.ts';
import { showFile } from '../git/tree.ts';
import { applyPushEffects, snapshotRefs } from '../services/pulls/push.ts';
import { createToken } from '../services/users.ts';
import { createApp } from '../app.ts';

const OWNER = 'alice';
const REPO = 'hello-forge';

type Who = 'alice' | 'bob' | 'carol';
interface Author {
  name: string;
  email: string;
}

const AUTHORS: Record<Who | 'dana', Author> = {
  alice: { name: 'Alice Archer', email: 'alice@example.com' },
  bob: { name: 'Bob Baker', email: 'bob@example.com' },
  carol: { name: 'Carol Chen', email: 'carol@example.com' },
  dana: { name: 'Dana Reyes', email: 'dana@contributors.example.org' },
};

interface TopicCommit {
  /** refs/heads/<branch>; each continues from the previous commit on that branch, the first from main's tip. */
  branch: string;
  author: Author;
  message: string;
  files: Record<string, string>;
}

const optionsTs = `// src/core/options.ts

export interface ParseOptions {
  /** Split on this pattern instead of whitespace. */
  separator?: RegExp;
  /** Drop empty tokens (default true). */
  skipEmpty?: boolean;
  /** Lower-case every token. */
  lowerCase?: boolean;
}

export const defaultOptions: Required<ParseOptions> = {
  separator: /\\s+/,
  skipEmpty: true,
  lowerCase: false,
};

export function withDefaults(options: ParseOptions = {}): Required<ParseOptions> {
  return { ...defaultOptions, ...options };
}
`;

const optionsTest = `// test/options.test.ts
import { withDefaults } from '../src/core/options.ts';

test('fills in the defaults', () => {
  expect(withDefaults({ lowerCase: true }).skipEmpty).toBe(true);
});
`;

const contributing = `# Contributing

Thanks for helping! A few things make reviews quick:

1. Open an issue first for anything bigger than a typo.
2. Keep pull requests small and focused; one change per pull request.
3. Run \`npm test\` before you push.
4. Write commit messages that say *why*.

Be kind in reviews. Assume good intent.
`;

const pluginApi = `// src/plugins/api.ts
// Work in progress: the hooks a plugin can register. Names are not final.

export interface Plugin {
  name: string;
  beforeParse?(input: string): string;
  afterParse?(tokens: string[]): string[];
}

const plugins: Plugin[] = [];

export function register(plugin: Plugin): void {
  plugins.push(plugin);
}
`;

const yamlConfig = `// src/config/yaml.ts
// Experiment: read options from a YAML file. Parked: JSON is enough for now.

export function parseYaml(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\\n')) {
    const m = /^(\\w+):\\s*(.*)$/.exec(line);
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}
`;

/** Replaces the README's introduction line (the one both sides rewrite, so they conflict). */
function withIntro(readme: string, intro: string): string {
  const lines = readme.split('\n');
  const i = lines.findIndex((l) => l.startsWith('A small TypeScript toolkit'));
  lines[i >= 0 ? i : Math.min(2, lines.length - 1)] = intro;
  return lines.join('\n');
}

function topicCommits(readme: string, index: string): TopicCommit[] {
  return [
    {
      branch: 'feature/parse-options',
      author: AUTHORS.carol,
      message: 'Add parse options\n\nA separator, empty-token handling and lower-casing, with defaults.\n',
      files: { 'src/core/options.ts': optionsTs },
    },
    {
      branch: 'feature/parse-options',
      author: AUTHORS.carol,
      message: 'Export the options and test their defaults\n',
      files: { 'src/index.ts': `${index.trimEnd()}\nexport * from './core/options.ts';\n`, 'test/options.test.ts': optionsTest },
    },
    { branch: 'docs/contributing', author: AUTHORS.dana, message: 'Add a contributing guide\n', files: { 'CONTRIBUTING.md': contributing } },
    { branch: 'wip/plugin-api', author: AUTHORS.alice, message: 'Sketch a plugin API\n', files: { 'src/plugins/api.ts': pluginApi } },
    { branch: 'experiment/yaml-config', author: AUTHORS.bob, message: 'Try YAML configuration files\n', files: { 'src/config/yaml.ts': yamlConfig } },
    {
      branch: 'docs/readme-intro',
      author: AUTHORS.dana,
      message: 'Rewrite the README introduction for newcomers\n',
      files: {
        'README.md': withIntro(
          readme,
          'hello-forge splits, parses and renders text: a small TypeScript toolkit with a friendly API. It also shows what this forge can do: browse the code, read the',
        ),
      },
    },
    // Main moves on and rewrites the same line: the pull request from docs/readme-intro conflicts.
    {
      branch: 'main',
      author: AUTHORS.alice,
      message: 'Tighten the README introduction\n',
      files: {
        'README.md': withIntro(readme, 'A tiny TypeScript toolkit for splitting and rendering text, and a tour of this forge: browse the code, read the'),
      },
    },
  ];
}

/** One fast-import stream for the topic branches, each starting from main's tip. */
function topicStream(mainSha: string, commits: TopicCommit[], startUnix: number): string {
  const data = (s: string) => `data ${Buffer.byteLength(s)}\n${s}\n`;
  const out: string[] = [];
  const started = new Set<string>();
  commits.forEach((c, i) => {
    const t = startUnix + i * 600;
    const who = `${c.author.name} <${c.author.email}> ${t} +0000`;
    out.push(`commit refs/heads/${c.branch}\nauthor ${who}\ncommitter ${who}\n${data(c.message)}`);
    if (!started.has(c.branch)) out.push(`from ${mainSha}\n`);
    started.add(c.branch);
    for (const [path, content] of Object.entries(c.files)) out.push(`M 100644 inline ${path}\n${data(content)}`);
    out.push('\n');
  });
  out.push('done\n');
  return out.join('');
}

export async function seedPulls(deps: Deps, users: Record<Who, UserRow>): Promise<void> {
  const { db, config } = deps;
  const repo = await findRepoByOwnerAndName(db, users.alice.id, REPO);
  if (!repo) throw new Error(`the demo repository ${OWNER}/${REPO} is missing`);
  const dir = repoDir(config, OWNER, REPO);

  // Topic branches: real commits, recorded as alice's push.
  const mainSha = await verifyRev(dir, `refs/heads/${repo.default_branch}`);
  const show = async (path: string) => showFile(dir, mainSha, path);
  const commits = topicCommits(await show('README.md'), await show('src/index.ts'));
  const before = await snapshotRefs(dir);
  await fastImport(dir, topicStream(mainSha, commits, nowUnix() - 100 * 60));
  await applyPushEffects(deps, repo, before, await snapshotRefs(dir), users.alice);

  // The rest through the API, as each user. Short-lived tokens: signing in with the password
  // would cost a scrypt per request.
  const app = createApp(deps);
  const tokens = {} as Record<Who, string>;
  const tokenIds: number[] = [];
  for (const who of Object.keys(users) as Who[]) {
    const { row, secret } = await createToken(db, users[who].id, `demo-seed-${Date.now()}`);
    tokens[who] = secret;
    tokenIds.push(row.id);
  }
  const base = `/api/v1/repos/${OWNER}/${REPO}`;
  const api = async (who: Who, method: string, path: string, body?: unknown): Promise<any> => {
    const res = await app.request(`${base}${path}`, {
      method,
      headers: { Authorization: `token ${tokens[who]}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`demo pull requests: ${method} ${path} as ${who} answered ${res.status}: ${text.slice(0, 300)}`);
    return text ? JSON.parse(text) : null;
  };
  const status = (sha: string, state: string, context: string, description: string) =>
    api('alice', 'POST', `/statuses/${sha}`, { state, context, description, target_url: `${config.rootUrl}${OWNER}/${REPO}/actions` });

  try {
    const labels: Array<{ id: number; name: string }> = await api('alice', 'GET', '/labels?limit=50');
    const label = (name: string) => labels.filter((l) => l.name === name).map((l) => l.id);

    // Open, ready to merge, with a review requesting changes (and an inline comment) and an approval.
    const options = await api('alice', 'POST', '/pulls', {
      title: 'Add parse options',
      head: 'feature/parse-options',
      base: repo.default_branch,
      body: 'Adds `ParseOptions` (separator, empty tokens, lower-casing) with defaults, exported from the entry point.\n\n- [x] options and defaults\n- [x] a test for the defaults\n- [ ] use them in `parse()`',
      labels: label('enhancement'),
      reviewers: ['bob', 'carol'],
    });
    await status(options.head.sha, 'success', 'ci/build', 'Build passed in 42s');
    await status(options.head.sha, 'success', 'ci/test', '128 tests passed');
    await api('bob', 'POST', `/pulls/${options.number}/reviews`, {
      event: 'REQUEST_CHANGES',
      body: 'Nice start. One question about the default separator before this goes in.',
      comments: [
        { path: 'src/core/options.ts', body: 'Should the default separator also split on punctuation? `parse()` keeps commas today.', new_position: 13 },
      ],
    });
    await api('alice', 'POST', `/issues/${options.number}/comments`, {
      body: '@bob good point: whitespace only for now, so `parse()` keeps behaving as it does. Punctuation can be an option later.',
    });
    await api('carol', 'POST', `/pulls/${options.number}/reviews`, { event: 'APPROVED', body: 'Looks good to me. :+1:' });

    // Draft: the WIP prefix marks it, with checks still running.
    const wip = await api('alice', 'POST', '/pulls', {
      title: 'WIP: plugin API',
      head: 'wip/plugin-api',
      base: repo.default_branch,
      body: 'A first sketch of the hooks a plugin can register. Not ready for review yet.',
    });
    await status(wip.head.sha, 'pending', 'ci/build', 'Build queued');

    // Merged with a squash commit.
    const docs = await api('alice', 'POST', '/pulls', {
      title: 'Add a contributing guide',
      head: 'docs/contributing',
      base: repo.default_branch,
      body: 'How to propose changes, and what makes a review quick.',
      labels: label('documentation'),
    });
    await status(docs.head.sha, 'success', 'ci/build', 'Build passed in 38s');
    await api('carol', 'POST', `/pulls/${docs.number}/reviews`, { event: 'APPROVED', body: 'Clear and short.' });
    await api('alice', 'POST', `/pulls/${docs.number}/merge`, {
      Do: 'squash',
      MergeTitleField: `Add a contributing guide (#${docs.number})`,
      delete_branch_after_merge: true,
    });

    // Closed without merging, its checks failing.
    const yaml = await api('alice', 'POST', '/pulls', {
      title: 'Read options from YAML files',
      head: 'experiment/yaml-config',
      base: repo.default_branch,
      body: 'An experiment with a tiny YAML reader.',
    });
    await status(yaml.head.sha, 'failure', 'ci/test', '3 tests failed');
    await api('alice', 'POST', `/issues/${yaml.number}/comments`, { body: 'Parking this: JSON configuration is enough for now.' });
    await api('alice', 'PATCH', `/pulls/${yaml.number}`, { state: 'closed' });

    // Conflicting: main rewrote the same README line after the branch started.
    const intro = await api('alice', 'POST', '/pulls', {
      title: 'Rewrite the README introduction',
      head: 'docs/readme-intro',
      base: repo.default_branch,
      body: 'A friendlier first paragraph for people new to the project.',
      labels: label('documentation'),
    });
    await status(intro.head.sha, 'success', 'ci/build', 'Build passed in 40s');
    await status(intro.head.sha, 'error', 'ci/lint', 'Lint could not run: merge conflict');
    await api('carol', 'POST', `/pulls/${intro.number}/reviews`, {
      event: 'COMMENT',
      body: 'This reads better, but main rewrote the same line since.',
      comments: [{ path: 'README.md', body: 'Conflicts with "Tighten the README introduction" on main: could you update the branch?', new_position: 3 }],
    });
  } finally {
    await deleteTokensByIds(db, tokenIds);
  }
}
