// Reads a Server-Sent Events answer (of app.request() or fetch()) for the live-events tests and
// the benchmark: events as they come, and a wait for the next one of a type.
export interface SseEvent {
  event: string;
  data: any;
  id?: string;
  /** performance.now() when it arrived. */
  at: number;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Every event so far, in order (heartbeat comments not included). */
  events: SseEvent[];
  /** Resolves with the first event not yet taken that matches (waiting for it); fails after `ms`. */
  next(match: string | ((e: SseEvent) => boolean), ms?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): Promise<void>;
}

export function readSse(res: Response): SseStream {
  const events: SseEvent[] = [];
  const taken = new Set<SseEvent>();
  let wake: () => void = () => undefined;
  let done = false;
  const reader = res.body?.getReader();
  const ended = (async () => {
    if (!reader) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done: end, value } = await reader.read();
        if (end) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const e: Partial<SseEvent> & { lines: string[] } = { lines: [] };
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) continue;
            const [k, ...rest] = line.split(':');
            const v = rest.join(':').replace(/^ /, '');
            if (k === 'event') e.event = v;
            else if (k === 'data') e.lines.push(v);
            else if (k === 'id') e.id = v;
          }
          if (!e.event && !e.lines.length) continue;
          const text = e.lines.join('\n');
          let data: unknown = text;
          try {
            data = JSON.parse(text);
          } catch {
            // Not JSON: kept as text.
          }
          events.push({ event: e.event ?? 'message', data, id: e.id, at: performance.now() });
          wake();
        }
      }
    } catch {
      // Cancelled by close().
    } finally {
      done = true;
      wake();
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    events,
    ended,
    async next(match, ms = 10_000) {
      const test = typeof match === 'string' ? (e: SseEvent) => e.event === match : match;
      const deadline = Date.now() + ms;
      for (;;) {
        const found = events.find((e) => !taken.has(e) && test(e));
        if (found) {
          taken.add(found);
          return found;
        }
        if (done) throw new Error(`stream ended before the event (${events.map((e) => e.event).join(', ')})`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no such event within ${ms} ms (saw ${events.map((e) => e.event).join(', ')})`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(t);
            resolve();
          };
        });
      }
    },
    async close() {
      await reader?.cancel().catch(() => undefined);
      await ended;
    },
  };
}
