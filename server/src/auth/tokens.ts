// Access tokens: 40 hex characters handed out once; only their SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';

export const newTokenSecret = () => randomBytes(20).toString('hex');
export const hashToken = (secret: string) => createHash('sha256').update(secret).digest('hex');
