// Password hashing with scrypt from node:crypto; stored as scrypt$<salt>$<hash>.
// Hashing is asynchronous (libuv's thread pool): one scrypt takes ~75 ms of CPU, which on the
// event loop would stall every other request, git clones and pushes included.
import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (password: string, salt: string, keylen: number) => Promise<Buffer>;

// At most two hashes at a time: the thread pool has four threads by default and the file system
// and compression use it too, so a flood of sign-ins queues here rather than starving them.
const MAX_PARALLEL = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_PARALLEL) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter, or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const derive = (password: string, salt: string) => limited(() => scryptAsync(password, salt, 32));

export async function hashPasswordAsync(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  return `scrypt$${salt}$${(await derive(password, salt)).toString('hex')}`;
}

/**
 * The same hash, computed on the calling thread. Kept for account creation (services/users.ts),
 * which only administrators and the command line reach; everything else uses the async forms.
 */
export function hashPassword(password: string): string {
  const salt = randomBytes(16).toString('hex');
  return `scrypt$${salt}$${scryptSync(password, salt, 32).toString('hex')}`;
}

// Checked against when the user does not exist, so an unknown name costs the same scrypt as a
// wrong password and the answer's timing does not tell which names exist.
const DUMMY_SALT = randomBytes(16).toString('hex');
const DUMMY_HASH = `scrypt$${DUMMY_SALT}$${'0'.repeat(64)}`;

/** Whether the password matches a stored hash; with no hash, does the same work and says no. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const [kind, salt, hash] = (stored || DUMMY_HASH).split('$');
  const real = !!stored && kind === 'scrypt' && !!salt && !!hash;
  const got = await derive(password, real ? salt! : DUMMY_SALT);
  if (!real) return false;
  const want = Buffer.from(hash!, 'hex');
  return got.length === want.length && timingSafeEqual(got, want);
}
