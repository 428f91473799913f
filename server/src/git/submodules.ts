// Submodules of a commit: what its .gitmodules says, read with `git config --blob`.
import { git } from './command.ts';
import { runGit } from './run-git.ts';

/** `.gitmodules` of `commit` (a full SHA): submodule path → url; empty when there is none. */
export async function submoduleUrls(dir: string, commit: string): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  try {
    const out = await runGit(git('config').flag('-z', '--blob').value(`${commit}:.gitmodules`).flag('--list'), { cwd: dir });
    const byName = new Map<string, { path?: string; url?: string }>();
    for (const rec of out.split('\0')) {
      const nl = rec.indexOf('\n');
      const m = /^submodule\.(.+)\.(path|url)$/.exec(nl >= 0 ? rec.slice(0, nl) : rec);
      if (!m) continue;
      const e = byName.get(m[1]!) ?? {};
      e[m[2] as 'path' | 'url'] = rec.slice(nl + 1);
      byName.set(m[1]!, e);
    }
    for (const e of byName.values()) if (e.path && e.url) urls.set(e.path, e.url);
  } catch {
    // No .gitmodules: submodules without a URL.
  }
  return urls;
}
