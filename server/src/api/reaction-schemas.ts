// Reactions (issue #20): Gitea's Reaction and EditReactionOption.
import { z } from './openapi.ts';
import { UserSchema } from './schemas.ts';

export const ReactionSchema = z
  .object({
    user: UserSchema,
    content: z.string().openapi({ example: 'heart' }),
    created_at: z.string(),
  })
  .openapi('Reaction');

export const EditReactionOptionSchema = z
  .object({ content: z.string().optional().openapi({ example: 'heart', description: '+1, -1, laugh, hooray, confused, heart, rocket or eyes' }) })
  .openapi('EditReactionOption');
