// scripts/build-stamp.mjs: how `npm start` decides whether dist/ and dist-server/ are current. The
// builds here are tiny node commands, not Vite or esbuild.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BuildTarget, buildTarget, checkFresh, inputHash, listInputs, readStamp, targets, writeStamp } from '../../scripts/build-stamp.mjs';

let root = '';
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};
/** A target whose "build" writes out/main.js, or fails when `fail`. */
const target = (fail = false): BuildTarget => ({
  name: 'test',
  outDir: 'out',
  output: 'out/main.js',
  inputs: ['src', 'config.json', 'absent.json'],
  script: 'build:test',
  command: [
    process.execPath,
    ['-e', fail ? 'process.exit(3)' : "require('fs').mkdirSync('out',{recursive:true});require('fs').writeFileSync('out/main.js','built')"],
  ],
});

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'forge-build-stamp-'));
  write('src/a.ts', 'export const a = 1;\n');
  write('src/lib/b.ts', 'export const b = 2;\n');
  write('config.json', '{}\n');
  write('other/c.ts', 'not an input\n');
  write('package.json', JSON.stringify({ scripts: { 'build:test': 'make it', lint: 'check it' } }));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('build stamps', () => {
  it('lists the input files, sorted, without the missing ones', () => {
    expect(listInputs(root, target().inputs)).toEqual(['config.json', 'src/a.ts', 'src/lib/b.ts']);
  });

  it('is stale without an output or a stamp, fresh after a build, stale again when a source changes', () => {
    const t = target();
    expect(checkFresh(root, t)).toMatchObject({ fresh: false, reason: 'no out/main.js' });
    write('out/main.js', 'old');
    expect(checkFresh(root, t)).toMatchObject({ fresh: false, reason: 'no build stamp in out/' });

    expect(buildTarget(root, t)).toBe(true);
    expect(fs.readFileSync(path.join(root, 'out/main.js'), 'utf8')).toBe('built');
    expect(readStamp(root, t)?.hash).toBe(inputHash(root, t));
    expect(checkFresh(root, t).fresh).toBe(true);

    // Not an input: still fresh.
    write('other/c.ts', 'changed\n');
    expect(checkFresh(root, t).fresh).toBe(true);

    write('src/lib/b.ts', 'export const b = 3;\n');
    expect(checkFresh(root, t)).toMatchObject({ fresh: false, reason: 'sources changed since the last build' });
    write('src/lib/b.ts', 'export const b = 2;\n');
    expect(checkFresh(root, t).fresh).toBe(true);

    // A new file, a removed one, a renamed one.
    write('src/new.ts', '');
    expect(checkFresh(root, t).fresh).toBe(false);
    fs.rmSync(path.join(root, 'src/new.ts'));
    fs.renameSync(path.join(root, 'src/a.ts'), path.join(root, 'src/a2.ts'));
    expect(checkFresh(root, t).fresh).toBe(false);
  });

  it('is stale when its build script changes, not when another script does', () => {
    const t = target();
    expect(buildTarget(root, t)).toBe(true);
    write('package.json', JSON.stringify({ scripts: { 'build:test': 'make it', lint: 'check it twice' } }));
    expect(checkFresh(root, t).fresh).toBe(true);
    write('package.json', JSON.stringify({ scripts: { 'build:test': 'make it better', lint: 'check it twice' } }));
    expect(checkFresh(root, t).fresh).toBe(false);
  });

  it('is stale when the output is gone, even with a good stamp', () => {
    const t = target();
    expect(buildTarget(root, t)).toBe(true);
    fs.rmSync(path.join(root, 'out/main.js'));
    expect(checkFresh(root, t).fresh).toBe(false);
  });

  it('leaves no stamp after a failed build', () => {
    write('out/main.js', 'old');
    writeStamp(root, target(), inputHash(root, target()));
    write('src/a.ts', 'export const a = 5;\n');
    expect(buildTarget(root, target(true))).toBe(false);
    expect(fs.existsSync(path.join(root, 'out/.build-stamp.json'))).toBe(false);
    expect(checkFresh(root, target()).fresh).toBe(false);
  });

  it('hashes the real web app and server inputs in well under a second', () => {
    const repo = path.resolve(import.meta.dirname, '../..');
    const started = performance.now();
    for (const t of [targets.web, targets.server]) expect(inputHash(repo, t)).toMatch(/^[0-9a-f]{64}$/);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(listInputs(repo, targets.web.inputs)).toContain('src/main.tsx');
    expect(listInputs(repo, targets.server.inputs)).toContain('server/src/main.ts');
  });
});
