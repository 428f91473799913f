// Tags of a bare repository one at a time: reading a tag ref, checking a new tag's name, writing an
// annotated tag object, and reading an annotated tag object by its id. Listing lives in refs.ts.
import { git } from './command.ts';
import { GitError, runGit, userArg } from './run-git.ts';
import type { Signature, TagRef } from './refs.ts';
import { cleanIdent } from './identity.ts';

// NUL-separated, the free-text message last (a message cannot hold a NUL).
const TAG_FIELDS = ['%(refname)', '%(objectname)', '%(*objectname)', '%(creatordate:iso-strict)', '%(contents)'];

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** One tag by exact name (lightweight or annotated), or null. Same fields as listTags(). */
export async function getTag(dir: string, name: string): Promise<TagRef | null> {
  // No tag holds a control character: git listed none for such a pattern.
  if (!name || name.startsWith('-') || CONTROL.test(name)) return null;
  const ref = `refs/tags/${name}`;
  // for-each-ref patterns are globs matching whole path components; keep the exact name only.
  const out = await runGit(
    git('for-each-ref')
      .option('--format', `${TAG_FIELDS.join('%00')}%00`)
      .value(ref),
    { cwd: dir },
  );
  const parts = out.split('\0');
  for (let i = 0; i + TAG_FIELDS.length <= parts.length; i += TAG_FIELDS.length) {
    const r = parts.slice(i, i + TAG_FIELDS.length);
    if (r[0]!.replace(/^\n/, '') !== ref) continue;
    return { name, id: r[1]!, commitSha: r[2] || r[1]!, created: r[3]!, message: r[4]! };
  }
  return null;
}

/** Longest tag name accepted: git has no limit, but every path component must fit a file name. */
export const MAX_TAG_NAME = 255;

/**
 * Whether `name` can be a tag: git's check-ref-format rules for refs/tags/<name>, plus what
 * `git tag` itself refuses (a leading '-', the name HEAD), control characters and spaces.
 */
export async function isValidTagName(dir: string, name: string): Promise<boolean> {
  if (!name || name.length > MAX_TAG_NAME || name.startsWith('-') || name === 'HEAD' || /[\0-\x20\x7f]/.test(name)) return false;
  try {
    await runGit(git('check-ref-format').value(`refs/tags/${name}`), { cwd: dir });
    return true;
  } catch (e) {
    if (e instanceof GitError) return false;
    throw e;
  }
}

/** A tagger line's time: seconds since the epoch and the zone as git writes it (+0100). */
function gitTime(date: Date): string {
  return `${Math.floor(date.getTime() / 1000)} +0000`;
}

/**
 * Writes an annotated tag object for `commit` (no ref yet; the caller creates refs/tags/<name>
 * with update-ref so an existing tag is never overwritten) and returns its id. `message` is
 * already cleaned up and ends with a newline. mktag checks the object as fsck does.
 */
export async function writeTagObject(
  dir: string,
  t: { name: string; commit: string; tagger: { name: string; email: string }; message: string; date?: Date },
): Promise<string> {
  const tagger = cleanIdent(t.tagger);
  const text = `object ${t.commit}\ntype commit\ntag ${t.name}\ntagger ${tagger.name} <${tagger.email}> ${gitTime(t.date ?? new Date())}\n\n${t.message}`;
  return (await runGit(git('mktag'), { cwd: dir, input: text })).trim();
}

export interface AnnotatedTagObject {
  sha: string;
  name: string;
  /** The object the tag names and its type (usually a commit). */
  object: string;
  type: string;
  tagger: Signature;
  message: string;
}

/** "Name <email> 1700000000 +0100" → a Signature with an RFC 3339 date in that zone. */
export function parseSignatureLine(line: string): Signature {
  const m = /^(.*?) ?<([^>]*)> (\d+) ([+-])(\d\d)(\d\d)$/.exec(line);
  if (!m) return { name: line, email: '', date: '' };
  const offset = (m[4] === '-' ? -1 : 1) * (Number(m[5]) * 60 + Number(m[6]));
  const local = new Date((Number(m[3]) + offset * 60) * 1000).toISOString().slice(0, 19);
  // Go's RFC 3339 (what Gitea sends) writes UTC as Z.
  const zone = offset === 0 ? 'Z' : `${m[4]}${m[5]}:${m[6]}`;
  return { name: m[1]!, email: m[2]!, date: `${local}${zone}` };
}

/**
 * The annotated tag object `sha` (a full object id), or null when there is no such object or it
 * is not a tag (a lightweight tag names its commit directly). A PGP or SSH signature at the end
 * of the message is left out, as Gitea does.
 */
export async function readTagObject(dir: string, sha: string): Promise<AnnotatedTagObject | null> {
  const out = await runGit(git('cat-file').flag('--batch'), { cwd: dir, input: `${userArg(sha, 'sha')}\n` });
  const nl = out.indexOf('\n');
  const [id, type, size] = out.slice(0, nl).split(' ');
  if (type !== 'tag' || !id || !size) return null;
  const body = Buffer.from(out.slice(nl + 1), 'utf8')
    .subarray(0, Number(size))
    .toString('utf8');
  const split = body.indexOf('\n\n');
  const headers = split < 0 ? body : body.slice(0, split);
  let message = split < 0 ? '' : body.slice(split + 2);
  const sig = message.search(/^-----BEGIN (PGP|SSH) SIGNATURE-----$/m);
  if (sig >= 0) message = message.slice(0, sig);
  const field = (k: string) =>
    headers
      .split('\n')
      .find((l) => l.startsWith(`${k} `))
      ?.slice(k.length + 1) ?? '';
  return { sha: id, name: field('tag'), object: field('object'), type: field('type'), tagger: parseSignatureLine(field('tagger')), message };
}
