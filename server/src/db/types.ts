// The database handle every data-access function takes first. A module of its own, so that
// importing the type never pulls in the code that opens a database.
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
