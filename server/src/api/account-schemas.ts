// Bodies of a user's own account (issue #20): Gitea's e-mail shapes (structs.Email,
// CreateEmailOption, DeleteEmailOption) and the extensions' bodies (password, deletion, sign-up).
import { z } from './openapi.ts';

export const EmailSchema = z
  .object({
    email: z.string(),
    verified: z.boolean(),
    primary: z.boolean(),
    user_id: z.number().int(),
    username: z.string(),
  })
  .openapi('Email');

export const CreateEmailOptionSchema = z
  .object({ emails: z.array(z.string()).optional().openapi({ description: 'email addresses to add' }) })
  .openapi('CreateEmailOption');

export const DeleteEmailOptionSchema = z
  .object({ emails: z.array(z.string()).optional().openapi({ description: 'email addresses to delete' }) })
  .openapi('DeleteEmailOption');

export const ChangePasswordOptionSchema = z
  .object({
    old_password: z.string().openapi({ description: 'the current password' }),
    new_password: z.string().openapi({ description: 'at least 8 characters' }),
  })
  .openapi('ChangePasswordOption');

export const DeleteAccountOptionSchema = z
  .object({ password: z.string().openapi({ description: "the account's password, as Gitea's account settings form asks" }) })
  .openapi('DeleteAccountOption');

export const SignUpOptionSchema = z
  .object({
    username: z.string(),
    email: z.string(),
    password: z.string().openapi({ description: 'at least 8 characters' }),
  })
  .openapi('SignUpOption');

export const SignUpSettingsSchema = z
  .object({ enabled: z.boolean().openapi({ description: 'whether anyone may create an account (FORGE_DISABLE_REGISTRATION=false)' }) })
  .openapi('SignUpSettings');
