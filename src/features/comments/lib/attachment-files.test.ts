import { describe, expect, it } from 'vitest';
import { imageMarkdown, insertOnOwnLine, isImageName, refuseReason } from './attachment-files';

describe('attachment files', () => {
  it("refuses files over the server's limit with their size in the message, none when the limit is unknown", () => {
    const big = new File([new Uint8Array(11 * 1024 * 1024)], 'big.bin');
    expect(refuseReason(big, 10 * 1024 * 1024)).toBe('big.bin is 11 MiB; files can be at most 10 MiB.');
    expect(refuseReason(new File([new Uint8Array(10 * 1024 * 1024)], 'ok.bin'), 10 * 1024 * 1024)).toBeNull();
    expect(refuseReason(big, null)).toBeNull();
  });

  it('knows which names the server shows inline as images', () => {
    expect(isImageName('shot.PNG')).toBe(true);
    expect(isImageName('photo.jpeg')).toBe(true);
    expect(isImageName('drawing.svg')).toBe(false);
    expect(isImageName('notes.txt')).toBe(false);
  });

  it('escapes names and URLs so the Markdown link stays one link', () => {
    expect(imageMarkdown('a [b].png', 'http://x/attachments/1')).toBe('![a \\[b\\].png](http://x/attachments/1)');
    expect(imageMarkdown('x.png', 'http://x/a (1)')).toBe('![x.png](http://x/a%20%281%29)');
  });

  it('inserts a snippet on its own line at the caret', () => {
    expect(insertOnOwnLine('', 0, 'S')).toBe('S');
    expect(insertOnOwnLine('ab', 1, 'S')).toBe('a\nS\nb');
    expect(insertOnOwnLine('ab\n', 3, 'S')).toBe('ab\nS');
    expect(insertOnOwnLine('ab', 99, 'S')).toBe('ab\nS');
  });
});
