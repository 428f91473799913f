// Throttling of failed sign-ins, per account and per client address. Counts live in memory (one
// server process); each key counts failures in a fixed window that starts at its first failure.
// Once a key reaches its limit, every sign-in it covers answers 429 with Retry-After until the
// window ends, so a guess that happens to be right during a lockout tells the guesser nothing.
import type { Config } from '../config.ts';
import { ApiError } from '../errors.ts';

interface Window {
  failures: number;
  /** Epoch milliseconds when the window (and any lockout) ends. */
  endsAt: number;
}

// Beyond this many remembered keys, expired ones are swept; beyond MAX_KEYS the oldest go too, and
// keys are cut to KEY_CHARS (no real name is that long), so a sweep over random names or
// addresses cannot grow memory without bound.
const SWEEP_AT = 10_000;
const MAX_KEYS = 100_000;
const KEY_CHARS = 128;
const accountKey = (name: string) => name.toLowerCase().slice(0, KEY_CHARS);

export class LoginThrottle {
  private readonly accounts = new Map<string, Window>();
  private readonly addresses = new Map<string, Window>();

  constructor(
    private readonly settings: Pick<Config, 'loginMaxFailures' | 'loginMaxFailuresPerAddress' | 'loginWindowSeconds'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws the 429 when the account or the address is locked out. */
  check(account: string, address: string | null): void {
    const wait = Math.max(
      this.lockedFor(this.accounts, accountKey(account), this.settings.loginMaxFailures),
      address ? this.lockedFor(this.addresses, address, this.settings.loginMaxFailuresPerAddress) : 0,
    );
    if (wait > 0) {
      const seconds = Math.max(1, Math.ceil(wait / 1000));
      throw new ApiError(429, `too many failed sign-in attempts; try again in ${seconds} seconds`, {}, { 'Retry-After': String(seconds) });
    }
  }

  failed(account: string, address: string | null): void {
    this.count(this.accounts, accountKey(account), this.settings.loginMaxFailures);
    if (address) this.count(this.addresses, address, this.settings.loginMaxFailuresPerAddress);
  }

  /** A right password clears the account's count (not the address's: one good account must not launder guesses at others). */
  succeeded(account: string): void {
    this.accounts.delete(accountKey(account));
  }

  private lockedFor(map: Map<string, Window>, key: string, max: number): number {
    if (max <= 0) return 0;
    const w = map.get(key);
    if (!w) return 0;
    const left = w.endsAt - this.now();
    if (left <= 0) {
      map.delete(key);
      return 0;
    }
    return w.failures >= max ? left : 0;
  }

  private count(map: Map<string, Window>, key: string, max: number): void {
    if (max <= 0) return;
    const now = this.now();
    const w = map.get(key);
    if (w && w.endsAt > now) {
      w.failures++;
      // The lockout lasts a whole window from the failure that started it.
      if (w.failures === max) w.endsAt = now + this.settings.loginWindowSeconds * 1000;
    } else {
      if (map.size >= SWEEP_AT) for (const [k, v] of map) if (v.endsAt <= now) map.delete(k);
      // Maps iterate in insertion order: the first keys are the oldest windows.
      for (const k of map.keys()) {
        if (map.size < MAX_KEYS) break;
        map.delete(k);
      }
      map.set(key, { failures: 1, endsAt: now + this.settings.loginWindowSeconds * 1000 });
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
