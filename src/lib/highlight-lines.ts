// What the file view and the diff share to highlight code line by line: the grammar for a file
// name, and highlight.js output cut into lines that each stand alone (spans closed and reopened
// at line ends), so a comment or string that spans lines stays coloured on every line.

const byExtension: Record<string, string> = {
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'typescript',
  json: 'json',
  jsonc: 'json',
  html: 'xml',
  htm: 'xml',
  xml: 'xml',
  svg: 'xml',
  vue: 'xml',
  css: 'css',
  scss: 'scss',
  sass: 'scss',
  less: 'scss',
  md: 'markdown',
  markdown: 'markdown',
  sh: 'bash',
  bash: 'bash',
  zsh: 'bash',
  py: 'python',
  go: 'go',
  rs: 'rust',
  java: 'java',
  kt: 'kotlin',
  kts: 'kotlin',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  cs: 'csharp',
  rb: 'ruby',
  php: 'php',
  yml: 'yaml',
  yaml: 'yaml',
  ini: 'ini',
  toml: 'ini',
  cfg: 'ini',
  conf: 'ini',
  editorconfig: 'ini',
  gitconfig: 'ini',
  sql: 'sql',
  diff: 'diff',
  patch: 'diff',
  swift: 'swift',
  lua: 'lua',
  mk: 'makefile',
};

const byName: Record<string, string> = {
  dockerfile: 'dockerfile',
  makefile: 'makefile',
  gnumakefile: 'makefile',
  gemfile: 'ruby',
  rakefile: 'ruby',
  '.bashrc': 'bash',
  '.profile': 'bash',
  '.gitconfig': 'ini',
  '.editorconfig': 'ini',
};

/** The grammar for a file name, or null when there is none (plain text is shown as is). */
export function languageFor(filename: string): string | null {
  const base = filename.split('/').pop()!.toLowerCase();
  if (Object.hasOwn(byName, base)) return byName[base]!;
  const dot = base.lastIndexOf('.');
  const ext = dot >= 0 ? base.slice(dot + 1) : '';
  return dot >= 0 && Object.hasOwn(byExtension, ext) ? byExtension[ext]! : null;
}

/** Splits highlight.js output at newlines, keeping the open <span>s balanced on each line. */
export function splitHtmlLines(html: string): string[] {
  const lines: string[] = [];
  const open: string[] = [];
  let current = '';
  const re = /(<span[^>]*>)|(<\/span>)|(\r\n|\n|\r)|([^<\r\n]+|<)/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m[1]) {
      open.push(m[1]);
      current += m[1];
    } else if (m[2]) {
      open.pop();
      current += m[2];
    } else if (m[3]) {
      lines.push(current + '</span>'.repeat(open.length));
      current = open.join('');
    } else {
      current += m[4];
    }
  }
  if (current !== open.join('') || lines.length === 0) lines.push(current + '</span>'.repeat(open.length));
  return lines;
}
