// The delivery worker: takes due hook_task rows from the database queue (claimDueTasks: FOR
// UPDATE SKIP LOCKED on PostgreSQL, so several server processes share it and each task goes out
// once), sends them (send.ts), records the attempt and retries a failed one with backoff. Tasks
// stored while no worker ran (a crash, a stop) are sent when one starts; a task held by a worker
// that died is due again when its lease ends. The server process starts one (main.ts) and stops
// it before closing the database; tests start and stop their own.
import type { Deps } from '../../context.ts';
import type { Db } from '../../db/types.ts';
import type { HookTaskRow } from '../../db/schema.ts';
import { claimDueTasks, finishTaskAttempt, findHookById, updateHook } from '../../db/webhooks.ts';
import { HostGuard, RefusedAddressError } from './host-guard.ts';
import { buildRequest, sendRequest, type HookRequest, type HookResponse } from './send.ts';

export interface DeliveryWorkerOptions {
  /** How often the queue is looked at when nothing wakes the worker (other processes' tasks, retries). Default 1000 ms. */
  pollMs?: number;
  /** Waits before the 2nd, 3rd… attempt of a failed delivery; its length + 1 is the number of attempts. Default 10 s, 60 s. */
  backoffMs?: number[];
  /** Tasks taken (and sent in parallel) at a time. Default 8. */
  batch?: number;
}

export interface DeliveryWorker {
  /** Looks at the queue now. */
  wake(): void;
  /** Stops taking tasks and waits for the deliveries in flight. */
  stop(): Promise<void>;
}

const workers = new Map<Db, Set<Worker>>();

/** Tells this process's workers on `db` that tasks were stored (a worker elsewhere finds them by polling). */
export function wakeDeliveries(db: Db): void {
  for (const w of workers.get(db) ?? []) w.wake();
}

export function startDeliveryWorker(deps: Deps, opts: DeliveryWorkerOptions = {}): DeliveryWorker {
  const w = new Worker(deps, opts);
  let set = workers.get(deps.db);
  if (!set) workers.set(deps.db, (set = new Set()));
  set.add(w);
  w.start();
  return {
    wake: () => w.wake(),
    stop: async () => {
      set.delete(w);
      await w.stop();
    },
  };
}

class Worker {
  readonly #deps: Deps;
  readonly #pollMs: number;
  readonly #backoff: number[];
  readonly #batch: number;
  readonly #guard: HostGuard;
  #running = false;
  #loop: Promise<void> = Promise.resolve();
  #wake: (() => void) | null = null;
  #woken = false;

  constructor(deps: Deps, opts: DeliveryWorkerOptions) {
    this.#deps = deps;
    this.#pollMs = opts.pollMs ?? 1000;
    this.#backoff = opts.backoffMs ?? [10_000, 60_000];
    this.#batch = opts.batch ?? 8;
    this.#guard = new HostGuard(deps.config.webhookAllowedHostList);
  }

  start() {
    this.#running = true;
    this.#loop = this.#run();
  }

  wake() {
    this.#woken = true;
    this.#wake?.();
  }

  async stop() {
    this.#running = false;
    this.wake();
    await this.#loop;
  }

  async #run() {
    while (this.#running) {
      this.#woken = false;
      let tasks: HookTaskRow[] = [];
      try {
        const now = Date.now();
        // Held for the longest a delivery may take, with room: then another worker may retry it.
        const lease = now + this.#deps.config.webhookDeliverTimeoutSeconds * 1000 + 30_000;
        tasks = await claimDueTasks(this.#deps.db, now, lease, this.#batch);
      } catch (err) {
        if (!this.#running) break;
        console.error('webhooks: reading the delivery queue failed:', err);
      }
      if (tasks.length > 0) {
        await Promise.all(
          tasks.map((t) =>
            this.#deliver(t).catch((err) => {
              if (this.#running) console.error(`webhooks: delivering task ${t.id} failed:`, err);
            }),
          ),
        );
        continue;
      }
      if (this.#woken || !this.#running) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.#pollMs);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = null;
    }
  }

  async #deliver(task: HookTaskRow) {
    const { db, config } = this.#deps;
    const hook = await findHookById(db, task.hook_id);
    const attempts = task.attempts + 1;
    if (!hook) {
      await finishTaskAttempt(db, task.id, {
        is_delivered: 1,
        is_succeed: 0,
        attempts,
        response_content: JSON.stringify({ error: 'the webhook was deleted' }),
      });
      return;
    }
    // Gitea's Deliver: a task of an inactive hook (a test) is recorded as delivered, not sent.
    if (hook.is_active !== 1) {
      await finishTaskAttempt(db, task.id, {
        is_delivered: 1,
        is_succeed: 0,
        attempts,
        claimed_until: 0,
        response_content: JSON.stringify({ error: 'the webhook is inactive: nothing was sent' }),
        delivered: Date.now(),
      });
      await updateHook(db, hook.id, { last_status: 2 });
      return;
    }
    const started = performance.now();
    const request: HookRequest = buildRequest(hook, task, config.version);
    let response: HookResponse | null = null;
    let error = '';
    let refused = false;
    try {
      response = await sendRequest(request, this.#guard, config.webhookDeliverTimeoutSeconds * 1000);
    } catch (err) {
      refused = err instanceof RefusedAddressError || /ALLOWED_HOST_LIST/.test(String((err as Error).message));
      error = `Delivery: ${(err as Error).message}`;
    }
    const duration = Math.round(performance.now() - started);
    const ok = !!response && response.status >= 200 && response.status < 300;
    // A refused address stays refused: no retry. Other failures are tried again after a wait.
    const again = !ok && !refused && attempts <= this.#backoff.length;
    const now = Date.now();
    await finishTaskAttempt(db, task.id, {
      is_delivered: again ? 0 : 1,
      is_succeed: ok ? 1 : 0,
      attempts,
      next_attempt_at: again ? now + this.#backoff[attempts - 1]! : task.next_attempt_at,
      claimed_until: 0,
      request_content: JSON.stringify(request),
      response_content: JSON.stringify(response ? response : { error }),
      delivered: now,
      duration_ms: duration,
    });
    await updateHook(db, hook.id, { last_status: ok ? 1 : 2 });
  }
}
