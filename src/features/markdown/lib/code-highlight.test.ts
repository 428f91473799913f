import { describe, expect, it, vi } from 'vitest';
import type { Element, Root } from 'hast';
import { loadLanguages } from '@/lib/highlight';
import { fencedGrammars, highlightedToHast, rehypeCodeHighlight } from './code-highlight';

function codeBlock(className: string[], text: string): { tree: Root; code: Element } {
  const code: Element = { type: 'element', tagName: 'code', properties: { className }, children: [{ type: 'text', value: text }] };
  const tree: Root = { type: 'root', children: [{ type: 'element', tagName: 'pre', properties: {}, children: [code] }] };
  return { tree, code };
}

describe('fencedGrammars', () => {
  it('finds the grammars fenced code needs, also in quotes and lists, and nothing for plain text', () => {
    const source = [
      '```JS',
      'x',
      '```',
      '> ~~~ py title="a"',
      '> x',
      '> ~~~',
      '- ```sh',
      '  x',
      '  ```',
      '1. ```rust',
      '```nosuchlang',
      '```',
      '```',
      'plain',
      '```',
    ].join('\n');
    expect(fencedGrammars(source)).toEqual(['bash', 'javascript', 'python', 'rust']);
    expect(fencedGrammars('text with `inline code` and ``` in a sentence\n\n    indented code')).toEqual([]);
  });
});

describe('rehypeCodeHighlight', () => {
  it('turns highlight.js output into elements, unescaping the text', async () => {
    const hljs = await loadLanguages(['javascript']);
    const { tree, code } = codeBlock(['language-jsx'], 'const s = "<b>&</b>";');
    rehypeCodeHighlight({ hljs })(tree);
    expect(code.properties.className).toEqual(['hljs', 'language-jsx']);
    const keyword = code.children[0] as Element;
    expect(keyword).toMatchObject({ tagName: 'span', properties: { className: ['hljs-keyword'] }, children: [{ type: 'text', value: 'const' }] });
    expect(JSON.stringify(code.children)).toContain('\\"<b>&</b>\\"');
  });

  it('asks for a grammar it lacks, and leaves unknown, unlabelled and no-highlight blocks as they are', () => {
    const onMissing = vi.fn();
    const missing = codeBlock(['language-kt'], 'val x = 1');
    rehypeCodeHighlight({ hljs: null, onMissing })(missing.tree);
    expect(onMissing).toHaveBeenCalledWith('kotlin');
    expect(missing.code.children).toEqual([{ type: 'text', value: 'val x = 1' }]);
    for (const className of [['language-nosuchlang'], [], ['no-highlight', 'language-js']]) {
      const block = codeBlock(className, 'x');
      rehypeCodeHighlight({ hljs: null, onMissing })(block.tree);
      expect(block.code.children).toEqual([{ type: 'text', value: 'x' }]);
    }
    expect(onMissing).toHaveBeenCalledTimes(1);
  });

  it('parses nested spans with several classes', () => {
    expect(highlightedToHast('a<span class="hljs-title class_">B<span class="x">&lt;</span></span>&#x27;')).toEqual([
      { type: 'text', value: 'a' },
      {
        type: 'element',
        tagName: 'span',
        properties: { className: ['hljs-title', 'class_'] },
        children: [
          { type: 'text', value: 'B' },
          { type: 'element', tagName: 'span', properties: { className: ['x'] }, children: [{ type: 'text', value: '<' }] },
        ],
      },
      { type: 'text', value: "'" },
    ]);
  });
});
