// Failed sign-in counts (login_failure), shared by every server process: the queries of
// auth/throttle.ts.
import type { Db } from './types.ts';

/** The rows of these keys whose window has not ended at `now`. */
export function listLiveLoginFailures(db: Db, keys: string[], now: number): Promise<{ key: string; failures: number; ends_at: number }[]> {
  return db.selectFrom('login_failure').select(['key', 'failures', 'ends_at']).where('key', 'in', keys).where('ends_at', '>', now).execute();
}

export async function deleteLoginFailure(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_failure').where('key', '=', key).execute();
}

/**
 * One statement, so failures recorded at once by several processes all count (the database
 * applies the upserts one after the other): a window that has ended starts again at 1; the
 * failure that reaches `max` starts the lockout, until `ends`.
 */
export async function countLoginFailure(db: Db, key: string, max: number, now: number, ends: number): Promise<void> {
  await db
    .insertInto('login_failure')
    .values({ key, failures: 1, ends_at: ends })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const live = eb('login_failure.ends_at', '>', now);
        const next = eb('login_failure.failures', '+', 1);
        return {
          failures: eb.case().when(live).then(next).else(1).end(),
          ends_at: eb
            .case()
            .when(eb.or([eb.not(live), eb(next, '=', max)]))
            .then(ends)
            .else(eb.ref('login_failure.ends_at'))
            .end(),
        };
      }),
    )
    .execute();
}

/** Removes the rows whose window has ended at `now`. */
export async function deleteEndedLoginFailures(db: Db, now: number): Promise<void> {
  await db.deleteFrom('login_failure').where('ends_at', '<=', now).execute();
}
