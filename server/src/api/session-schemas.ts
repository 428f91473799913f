// The web session extension's bodies (routes/user-sessions.ts): sign-in, the session state, a session.
import { z } from './openapi.ts';
import { UserSchema } from './schemas.ts';

export const SignInOptionSchema = z
  .object({
    username: z.string().min(1).openapi({ description: 'user name or e-mail address' }),
    password: z.string().min(1),
  })
  .openapi('WebSignInOption');

export const WebSessionStateSchema = z
  .object({
    user: UserSchema,
    csrf_token: z.string().openapi({ description: 'send it back in the X-Csrf-Token header of every POST, PUT, PATCH and DELETE' }),
  })
  .openapi('WebSessionState');

export const WebSessionSchema = z
  .object({
    id: z.number().int(),
    browser: z.string().openapi({ description: "a summary of the session's User-Agent, such as “Firefox on Linux”" }),
    ip: z.string(),
    created_at: z.string(),
    last_used_at: z.string(),
    current: z.boolean().openapi({ description: 'whether this is the session the request came with' }),
  })
  .openapi('WebSession');
