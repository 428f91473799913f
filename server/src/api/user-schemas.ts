// Wire shapes of the user endpoints, as Gitea's modules/structs (user.go, user_app.go, user_key.go, repo_watch.go).
import { z } from './openapi.ts';
import { UserSchema } from './schemas.ts';

export const json = <T extends z.ZodTypeAny>(schema: T, description = 'OK') => ({ description, content: { 'application/json': { schema } } });
export const body = <T extends z.ZodTypeAny>(schema: T) => ({ content: { 'application/json': { schema } }, required: true });

export const UserHeatmapDataSchema = z
  .object({
    timestamp: z.number().int().openapi({ description: 'Unix seconds, the start of a 15-minute slot' }),
    contributions: z.number().int(),
  })
  .openapi('UserHeatmapData');

export const UserSettingsSchema = z
  .object({
    full_name: z.string(),
    website: z.string(),
    description: z.string(),
    location: z.string(),
    language: z.string(),
    theme: z.string(),
    diff_view_style: z.string(),
    hide_email: z.boolean(),
    hide_activity: z.boolean(),
    // Beyond Gitea's UserSettings (issue #7 asks for it in the profile settings).
    visibility: z.enum(['public', 'limited', 'private']),
  })
  .openapi('UserSettings');

const websiteRule = z
  .string()
  .max(255)
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v), { message: 'must be a valid http(s) URL' });

export const UserSettingsOptionsSchema = z
  .object({
    full_name: z.string().max(100).optional(),
    website: websiteRule.optional(),
    description: z.string().max(255).optional(),
    location: z.string().max(50).optional(),
    language: z.string().max(16).optional(),
    theme: z.string().max(32).optional(),
    diff_view_style: z.string().max(16).optional(),
    hide_email: z.boolean().optional(),
    hide_activity: z.boolean().optional(),
    visibility: z.enum(['public', 'limited', 'private']).optional(),
  })
  .openapi('UserSettingsOptions');

export const UpdateUserAvatarOptionSchema = z
  .object({ image: z.string().min(1).openapi({ description: 'image encoded in base64 (PNG, JPEG, GIF or WebP, at most 1 MiB)' }) })
  .openapi('UpdateUserAvatarOption');

export const PublicKeySchema = z
  .object({
    id: z.number().int(),
    key: z.string(),
    url: z.string(),
    title: z.string(),
    fingerprint: z.string(),
    created_at: z.string(),
    last_used_at: z.string(),
    read_only: z.boolean().optional(),
    /** Only to the key's owner and site admins, as Gitea's appendPrivateInformation. */
    key_type: z.string().optional(),
    user: UserSchema.optional(),
  })
  .openapi('PublicKey');

export const CreateKeyOptionSchema = z
  .object({
    title: z.string().min(1).max(50).openapi({ description: 'Title of the key to add' }),
    key: z.string().min(1).openapi({ description: 'An armored SSH key to add' }),
    read_only: z.boolean().optional(),
  })
  .openapi('CreateKeyOption');

export const WatchInfoSchema = z
  .object({
    subscribed: z.boolean(),
    ignored: z.boolean(),
    reason: z.null(),
    created_at: z.string(),
    url: z.string(),
    repository_url: z.string(),
  })
  .openapi('WatchInfo');

export const UsernameParam = z.object({ username: z.string() });
export { RepoParams as RepoParam } from './params.ts';

export const UserSearchSchema = z.object({ ok: z.boolean(), data: z.array(UserSchema) }).openapi('UserSearchResults');

export const CreateUserSchema = z
  .object({
    username: z.string().min(1),
    email: z.string().min(1),
    password: z.string().optional(),
    full_name: z.string().optional(),
    login_name: z.string().optional(),
    source_id: z.number().int().optional(),
    must_change_password: z.boolean().optional(),
    send_notify: z.boolean().optional(),
    restricted: z.boolean().optional(),
    visibility: z.enum(['public', 'limited', 'private']).optional(),
    admin: z.boolean().optional(),
  })
  .openapi('CreateUserOption');

export const AccessTokenSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    sha1: z.string(),
    token_last_eight: z.string(),
    scopes: z.array(z.string()),
    created_at: z.string(),
    last_used_at: z.string(),
  })
  .openapi('AccessToken');

export const KeyList = z.array(PublicKeySchema).openapi('PublicKeyList');

export const UserList = z.array(UserSchema).openapi('UserList');

export const ServerVersionSchema = z.object({ version: z.string() }).openapi('ServerVersion');
export const CreateAccessTokenOptionSchema = z.object({ name: z.string().min(1), scopes: z.array(z.string()).optional() }).openapi('CreateAccessTokenOption');
export const AccessTokenListSchema = z.array(AccessTokenSchema).openapi('AccessTokenList');
