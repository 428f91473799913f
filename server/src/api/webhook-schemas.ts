// Wire shapes of webhooks (Gitea's Hook, CreateHookOption, EditHookOption) and of the deliveries
// extension (HookDelivery: Gitea shows a hook's deliveries on its web page only).
import { z } from './openapi.ts';

export const HookSchema = z
  .object({
    id: z.number().int(),
    type: z.string(),
    branch_filter: z.string(),
    config: z.record(z.string(), z.string()).openapi({ description: 'url and content_type (json or form); the secret is never returned.' }),
    events: z.array(z.string()),
    authorization_header: z.string(),
    active: z.boolean(),
    updated_at: z.string(),
    created_at: z.string(),
  })
  .openapi('Hook');

export const CreateHookSchema = z
  .object({
    type: z.string().openapi({ description: 'gitea (other Gitea hook types answer 422 for now)' }),
    config: z.record(z.string(), z.string()).openapi({ description: 'url and content_type (json or form) are required; secret is optional.' }),
    events: z.array(z.string()).optional(),
    branch_filter: z.string().optional(),
    authorization_header: z.string().optional(),
    active: z.boolean().optional(),
    is_system_webhook: z.boolean().optional(),
  })
  .openapi('CreateHookOption');

export const EditHookSchema = z
  .object({
    config: z.record(z.string(), z.string()).optional(),
    events: z.array(z.string()).optional(),
    branch_filter: z.string().optional(),
    authorization_header: z.string().optional(),
    active: z.boolean().optional(),
    is_system_webhook: z.boolean().optional(),
  })
  .openapi('EditHookOption');

const HookRequestInfoSchema = z
  .object({ url: z.string(), http_method: z.string(), headers: z.record(z.string(), z.string()), body: z.string() })
  .openapi('HookDeliveryRequest');
const HookResponseInfoSchema = z
  .object({ status: z.number().int(), headers: z.record(z.string(), z.string()), body: z.string() })
  .openapi('HookDeliveryResponse');

export const HookDeliverySchema = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    event: z.string().openapi({ description: 'The X-Gitea-Event header: push, issues, pull_request, …' }),
    event_type: z.string().openapi({ description: 'The X-Gitea-Event-Type header: push, issue_label, pull_request_review_approved, …' }),
    is_delivered: z.boolean().openapi({ description: 'False while it waits for its (next) attempt.' }),
    is_succeed: z.boolean(),
    attempts: z.number().int(),
    delivered_at: z.string().nullable(),
    duration_ms: z.number().int(),
    created_at: z.string(),
    request: HookRequestInfoSchema.nullable(),
    response: HookResponseInfoSchema.nullable().openapi({ description: 'null when no answer came (refused address, timeout, connection error: see error).' }),
    error: z.string().openapi({ description: 'Why the last attempt failed without an answer; empty otherwise.' }),
  })
  .openapi('HookDelivery');

export type ApiHook = z.infer<typeof HookSchema>;
export type ApiHookDelivery = z.infer<typeof HookDeliverySchema>;
export type CreateHookInput = z.infer<typeof CreateHookSchema>;
export type EditHookInput = z.infer<typeof EditHookSchema>;
