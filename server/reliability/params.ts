// The operations of openapi/openapi.json, and real values for their path parameters taken from the
// seeded world, so a request reaches the handler (and its permission checks) instead of a 404 on
// an unknown name.
import fs from 'node:fs';
import path from 'node:path';
import type { OrgSeed, RepoSeed, World } from './seed.ts';

export interface Operation {
  method: string;
  path: string;
  op: any;
}

export const spec: any = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../openapi/openapi.json'), 'utf8'));

const ORDER = ['get', 'head', 'post', 'put', 'patch', 'delete'];

/** Every operation, reads first and deletions last (so destructive successes come at the end). */
export function operations(): Operation[] {
  const out: Operation[] = [];
  for (const [p, item] of Object.entries<any>(spec.paths)) {
    for (const [method, op] of Object.entries<any>(item)) if (ORDER.includes(method)) out.push({ method: method.toUpperCase(), path: p, op });
  }
  return out.sort((a, b) => ORDER.indexOf(a.method.toLowerCase()) - ORDER.indexOf(b.method.toLowerCase()));
}

export function resolve(schema: any): any {
  let s = schema;
  for (let i = 0; s?.$ref && i < 10; i++) s = spec.components.schemas[s.$ref.replace('#/components/schemas/', '')];
  return s ?? {};
}

export function bodySchema(op: any): { schema: any; contentType: string } | null {
  const content = op.requestBody?.content;
  if (!content) return null;
  const [contentType, media] = Object.entries<any>(content)[0]!;
  return { schema: resolve(media.schema), contentType };
}

export interface Target {
  repo: RepoSeed;
  org: OrgSeed;
}

/** A real value for `name` in `tpl`, chosen by the path segment in front of it. */
export function realValue(tpl: string, name: string, t: Target, w: World): string {
  const before =
    tpl
      .slice(0, tpl.indexOf(`{${name}}`))
      .split('/')
      .filter(Boolean)
      .at(-1) ?? '';
  const orgScoped = tpl.startsWith('/orgs/') || tpl.startsWith('/teams/');
  switch (name) {
    case 'owner':
    case 'template_owner':
      return t.repo.owner;
    case 'repo':
    case 'template_repo':
      return orgScoped ? t.org.repo : t.repo.repo;
    case 'org':
      return t.org.name;
    case 'team':
      return t.org.team.name;
    case 'index':
      return String(tpl.includes('/pulls/') ? t.repo.pull : t.repo.issue);
    case 'id':
      if (before === 'labels') return String(t.repo.label);
      if (before === 'milestones') return String(t.repo.milestone);
      if (before === 'comments') return String(t.repo.comment);
      if (before === 'reviews') return String(t.repo.review);
      if (before === 'teams') return String(t.org.team.id);
      if (before === 'repositories') return String(t.repo.id);
      return '999999';
    case 'sha':
      return t.repo.featureSha;
    case 'ref':
      return 'feature';
    case 'branch':
    case 'name':
    case 'base':
      return 'main';
    case 'head':
      return 'feature';
    case 'filepath':
      return 'README.md';
    case 'basehead':
      return 'main...feature';
    case 'diffType':
      return 'diff';
    case 'collaborator':
      return w.reader.name;
    case 'username':
      return tpl.startsWith('/teams/') || tpl.startsWith('/orgs/') ? w.reader.name : w.owner.name;
    case 'target':
      return w.stranger.name;
    case 'attachment_id':
      return '1';
    case 'token':
      return 'no-such-token';
    default:
      return 'x';
  }
}

export function fillPath(tpl: string, values: (name: string) => string): string {
  return tpl.replace(/\{(\w+)\}/g, (_m, n: string) => values(n));
}
