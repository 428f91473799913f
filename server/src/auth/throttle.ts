// Throttling of failed sign-ins, per account and per client address. The counts live in the
// database (table login_failure), so every server process sharing it sees the same windows: a
// guesser who spreads guesses over the processes behind a load balancer meets one count (issue
// #12). Each key counts failures in a fixed window that starts at its first failure. Once a key
// reaches its limit, every sign-in it covers answers 429 with Retry-After until the window ends, so
// a guess that happens to be right during a lockout tells the guesser nothing.
//
// Cost: a token sign-in never comes here; a Basic sign-in reads the table once (by primary key);
// a failure writes (one upsert per key, and the sweep of expired rows); a success writes only when
// its account had a count.
import type { Config } from '../config.ts';
import type { Db } from '../db/types.ts';
import { countLoginFailure, deleteEndedLoginFailures, deleteLoginFailure, listLiveLoginFailures } from '../db/login-failures.ts';
import { ApiError } from '../errors.ts';

// Keys are cut to KEY_CHARS (no real name or address is that long) and every failure deletes the
// rows whose window has ended, so a sweep over random names or addresses leaves at most the rows
// of one window: each of them cost the sweeper a password hash (tens of milliseconds of CPU).
const KEY_CHARS = 128;
// PostgreSQL refuses NUL in text; a name decoded from a Basic header may hold one.
const clean = (s: string) => s.slice(0, KEY_CHARS).replace(/\0/g, '\ufffd');
const accountKey = (name: string) => `a:${clean(name.toLowerCase())}`;
const addressKey = (address: string) => `i:${clean(address)}`;

type Settings = Pick<Config, 'loginMaxFailures' | 'loginMaxFailuresPerAddress' | 'loginWindowSeconds'>;

/** One sign-in that passed check(): tell the throttle how it went. */
export interface SignInAttempt {
  /** A right password clears the account's count (not the address's: one good account must not launder guesses at others). */
  succeeded(): Promise<void>;
  failed(): Promise<void>;
}

export class LoginThrottle {
  constructor(
    private readonly db: Db,
    private readonly settings: Settings,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws the 429 when the account or the address is locked out; else the attempt to report on. */
  async check(account: string, address: string | null): Promise<SignInAttempt> {
    const { loginMaxFailures, loginMaxFailuresPerAddress } = this.settings;
    // Each key with the limit it counts towards; a limit of 0 turns that count off.
    const keys = new Map<string, number>();
    if (loginMaxFailures > 0) keys.set(accountKey(account), loginMaxFailures);
    if (address && loginMaxFailuresPerAddress > 0) keys.set(addressKey(address), loginMaxFailuresPerAddress);
    if (!keys.size) return { succeeded: async () => {}, failed: async () => {} };

    const now = this.now();
    const rows = await listLiveLoginFailures(this.db, [...keys.keys()], now);
    let wait = 0;
    for (const r of rows) if (r.failures >= keys.get(r.key)!) wait = Math.max(wait, Number(r.ends_at) - now);
    if (wait > 0) {
      const seconds = Math.max(1, Math.ceil(wait / 1000));
      throw new ApiError(429, `too many failed sign-in attempts; try again in ${seconds} seconds`, {}, { 'Retry-After': String(seconds) });
    }
    const own = accountKey(account);
    const counted = rows.some((r) => r.key === own);
    return {
      succeeded: async () => {
        if (counted) await deleteLoginFailure(this.db, own);
      },
      failed: async () => {
        const at = this.now();
        await this.sweep(at);
        for (const [key, max] of keys) await this.count(key, max, at);
      },
    };
  }

  /**
   * One statement, so failures recorded at once by several processes all count (the database
   * applies the upserts one after the other): a window that has ended starts again at 1; the
   * failure that reaches the limit starts the lockout, a whole window long.
   */
  private async count(key: string, max: number, now: number): Promise<void> {
    const ends = now + this.settings.loginWindowSeconds * 1000;
    await countLoginFailure(this.db, key, max, now, ends);
  }

  /** Removes the rows whose window has ended. Best effort: another process's sweep may be at the same rows. */
  private async sweep(now: number): Promise<void> {
    try {
      await deleteEndedLoginFailures(this.db, now);
    } catch {
      // The next failure sweeps again.
    }
  }
}

/** What authentication needs to know about the request it runs in; set by the app for every request. */
export interface RequestAuthContext {
  throttle: LoginThrottle;
  /** The client address (socket peer, or X-Forwarded-For behind a trusted proxy); null when unknown. */
  address: string | null;
}

// authenticate() is called from the API middleware, git over HTTP and attachments; the app files
// each request's address and throttle under its Request, and they hand it on. Not an
// AsyncLocalStorage: in Node 20 that turns on promise hooks for the whole process, a toll on
// every await of every request (issue #11).
const contexts = new WeakMap<Request, RequestAuthContext>();
export const setRequestAuthContext = (req: Request, ctx: RequestAuthContext) => void contexts.set(req, ctx);
export const requestAuthContext = (req: Request): RequestAuthContext | undefined => contexts.get(req);
