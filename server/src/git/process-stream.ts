// A git process's standard output as a web stream, with back-pressure, that is safe when the
// client goes away: after cancel() the controller is never touched again (a late chunk or 'end'
// from the dying process would otherwise throw ERR_INVALID_STATE outside any request and take the
// server down), and the process is killed.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';

export function processStream(child: ChildProcessWithoutNullStreams, highWaterMark = 16): ReadableStream<Uint8Array> {
  let finished = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        child.stdout.on('data', (chunk: Buffer) => {
          if (finished) return;
          controller.enqueue(new Uint8Array(chunk));
          // Wait for the client to read before git writes more.
          if ((controller.desiredSize ?? 1) <= 0) child.stdout.pause();
        });
        child.stdout.on('end', () => {
          if (finished) return;
          finished = true;
          controller.close();
        });
        child.on('error', (e) => {
          if (finished) return;
          finished = true;
          controller.error(e);
        });
        // Nobody reads stderr; a full pipe must not stall git.
        child.stderr.resume();
      },
      pull() {
        child.stdout.resume();
      },
      cancel() {
        finished = true;
        child.kill();
      },
    },
    { highWaterMark },
  );
}
