// GET /repos/{owner}/{repo}/languages is asked on every repository home page: once a commit's
// languages are known, answering again runs no git at all (the branch tip is read from the ref
// files), and requests arriving together share one listing of the tree.
import { describe, expect, it, vi } from 'vitest';
import { createTestForge, uniq } from './helpers.ts';

const calls = vi.hoisted(() => ({ resolveTree: 0, lsTreeRecords: 0 }));
vi.mock('../src/git/tree.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/git/tree.ts')>();
  return {
    ...real,
    resolveTree: (...args: Parameters<typeof real.resolveTree>) => (calls.resolveTree++, real.resolveTree(...args)),
    lsTreeRecords: (...args: Parameters<typeof real.lsTreeRecords>) => (calls.lsTreeRecords++, real.lsTreeRecords(...args)),
  };
});

const forge = await createTestForge();
const { req } = forge;

describe('repository languages, kept', () => {
  it('lists the tree once, for requests together and after, and answers a kept commit without git', async () => {
    const owner = await forge.user();
    const name = uniq('lang');
    expect((await req('POST', '/user/repos', { token: owner.token, body: { name } })).status).toBe(201);
    const base = `/repos/${owner.name}/${name}`;
    const files = [{ operation: 'create', path: 'lib/a.py', content: Buffer.from('x = 1\n').toString('base64') }];
    expect((await req('POST', `${base}/contents`, { token: owner.token, body: { message: 'Files', files } })).status).toBe(201);

    calls.resolveTree = calls.lsTreeRecords = 0;
    const together = await Promise.all([req('GET', `${base}/languages`), req('GET', `${base}/languages`)]);
    expect(together.map((r) => r.body)).toEqual([{ Python: 6 }, { Python: 6 }]);
    expect(calls.lsTreeRecords).toBe(1);
    const again = await req('GET', `${base}/languages`);
    expect(again.body).toEqual({ Python: 6 });
    expect(calls).toEqual({ resolveTree: 0, lsTreeRecords: 1 });
  });
});
