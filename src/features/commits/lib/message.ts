/** A commit message's first line and the rest. */
export function splitMessage(message: string): { title: string; body: string } {
  const text = message.replace(/\r\n/g, '\n');
  const nl = text.indexOf('\n');
  if (nl < 0) return { title: text.trim(), body: '' };
  return {
    title: text.slice(0, nl).trim(),
    body: text
      .slice(nl + 1)
      .replace(/^\n+/, '')
      .trimEnd(),
  };
}
