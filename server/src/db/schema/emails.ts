// A user's e-mail addresses besides the primary one, which stays user.email (issue #20).
import type { Generated } from 'kysely';

export interface EmailAddressTable {
  id: Generated<number>;
  uid: number;
  email: string;
  lower_email: string;
  is_activated: Generated<number>;
  created_unix: number;
}
