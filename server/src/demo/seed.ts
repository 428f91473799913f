// Demo data for a first start (to be filled in).
import type { Deps } from '../context.ts';
import type { UserRow } from '../db/schema.ts';

export async function seedDemo(_deps: Deps, _admin: UserRow): Promise<void> {}
