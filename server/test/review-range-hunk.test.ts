// A range comment (the web app's "Lines a–b" body on the range's last line) keeps enough of the
// diff for its excerpt to show the whole range; any other comment keeps Gitea's four lines.
import { describe, expect, it } from 'vitest';
import { createTestForge } from './helpers.ts';
import { createPull } from './reviews-fixtures.ts';

const forge = await createTestForge();

async function hunkOf(body: string, line: number) {
  const pr = await createPull(forge);
  const res = await forge.req('POST', `${pr.pull}/reviews`, {
    token: pr.owner.token,
    body: { event: 'COMMENT', comments: [{ path: 'a.txt', body, new_position: line }] },
  });
  expect(res.status).toBe(200);
  const comments = await forge.req('GET', `${pr.pull}/reviews/${res.body.id}/comments`);
  return comments.body[0].diff_hunk as string;
}

describe('the hunk stored with a range comment', () => {
  it('holds every line of the range', async () => {
    // Lines 22–25 of the new file: 22–24 unchanged, 25 changed (so the hunk has "-line 25" too).
    const hunk = await hunkOf('Lines 22–25\n\nThese four lines', 25);
    expect(hunk.split('\n')).toEqual(expect.arrayContaining([' line 22', ' line 23', ' line 24', '-line 25', '+changed 25']));
    expect(hunk.endsWith('+changed 25')).toBe(true);
  });

  it('keeps four lines for a one-line comment, and for a body that names another line', async () => {
    for (const body of ['Just this line', 'Lines 10–12\n\nnot this one']) {
      const hunk = await hunkOf(body, 25);
      expect(hunk.split('\n').slice(1)).toEqual([' line 23', ' line 24', '-line 25', '+changed 25']);
    }
  });
});
