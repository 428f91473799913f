// Request bodies of the label and milestone routes (Gitea's CreateLabelOption, CreateMilestoneOption, …).
import { z } from './openapi.ts';

export const CreateLabelSchema = z
  .object({
    name: z.string().min(1),
    color: z.string().min(1).openapi({ example: '#00aabb' }),
    description: z.string().optional(),
    exclusive: z.boolean().optional(),
    is_archived: z.boolean().optional(),
  })
  .openapi('CreateLabelOption');
export const EditLabelSchema = CreateLabelSchema.partial().openapi('EditLabelOption');
// Gitea accepts label ids, and names, in these bodies.
export const IssueLabelsSchema = z.object({ labels: z.array(z.union([z.number().int(), z.string()])) }).openapi('IssueLabelsOption');

export const CreateMilestoneSchema = z
  .object({
    title: z.string().min(1),
    description: z.string().optional(),
    state: z.enum(['open', 'closed']).optional(),
    due_on: z.string().nullable().optional(),
  })
  .openapi('CreateMilestoneOption');
export const EditMilestoneSchema = CreateMilestoneSchema.partial().openapi('EditMilestoneOption');
