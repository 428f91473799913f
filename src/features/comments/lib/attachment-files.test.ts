import { describe, expect, it } from 'vitest';
import { imageMarkdown, insertOnOwnLine, isImageName, refuseReason } from './attachment-files';

describe('attachment files', () => {
  it("refuses files over the server's limit with their size in the message, none when the limit is unknown", () => {
    const big = new File([new Uint8Array(11 * 1024 * 1024)], 'big.bin');
    const limit = { maxBytes: 10 * 1024 * 1024, allowedTypes: null };
    expect(refuseReason(big, limit)).toEqual({ short: 'Too large', reason: 'big.bin is 11 MiB; files can be at most 10 MiB.' });
    expect(refuseReason(new File([new Uint8Array(10 * 1024 * 1024)], 'ok.bin'), limit)).toBeNull();
    expect(refuseReason(big, { maxBytes: null, allowedTypes: null })).toBeNull();
  });

  it("refuses types the site does not take, as Gitea's ALLOWED_TYPES: extensions, MIME types and families", () => {
    const allowed = { maxBytes: null, allowedTypes: ['.zip', 'image/*', 'text/plain'] };
    const file = (name: string, type: string) => new File(['x'], name, { type });
    expect(refuseReason(file('logs.ZIP', 'application/zip'), allowed)).toBeNull();
    expect(refuseReason(file('shot.png', 'image/png'), allowed)).toBeNull();
    expect(refuseReason(file('notes.txt', 'text/plain'), allowed)).toBeNull();
    expect(refuseReason(file('tool.exe', 'application/x-msdownload'), allowed)).toEqual({
      short: 'Type not allowed',
      reason: 'tool.exe is not a type this site takes (.zip, image/*, text/plain).',
    });
    // No type from the browser: the server, which reads the bytes, decides.
    expect(refuseReason(file('data.bin', ''), allowed)).toBeNull();
    // Only extensions allowed: a name without one of them is refused whatever the browser says.
    expect(refuseReason(file('data.bin', ''), { maxBytes: null, allowedTypes: ['.zip'] })?.short).toBe('Type not allowed');
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
