// Refusals in organization and team forms, in words about the organization or team, beside the
// field they concern. This server already words them so; Gitea's own messages ("user already
// exists [name: x]", "user still has ownership of repositories [uid: 6]", "team already exists
// [org_id: 3, name: x]", "user is the last member of owner team [uid: 2]") are rewritten here.
import { ApiError, isApiError } from '@/lib/api/api-error';
import { formErrors, type FormErrors } from '@/lib/form-errors';
import { fieldSentence } from '@/lib/name-rules';

const REWRITES: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^(?:\[?\w+\]?:\s*)?user already exists \[name: (.*)\]$/s, (m) => `an organization or user named “${m[1]}” already exists`],
  [
    /^(?:\w+:\s*)?(?:user|organization) still (?:has ownership of|owns) repositories(?: \[uid: \d+\])?$/s,
    () => 'the organization still owns repositories: delete or transfer them first',
  ],
  [/^(?:\w+:\s*)?team already exists \[org_id: \d+, name: (.*)\]$/s, (m) => `this organization already has a team named “${m[1]}”`],
  [
    /^(?:\w+:\s*)?user is the last member of owner team(?: \[uid: \d+\])?$/s,
    () => "this is the organization's last owner: add another member to the Owners team first",
  ],
];

/** Which field a rewritten refusal belongs to when Gitea's message named none. */
const FIELD_OF: [RegExp, string][] = [
  [/already exists \[name:/, 'name-field'],
  [/team already exists/, 'name'],
];

/** The refusal as a sentence (capitalised, no echoed "[uid: 6]"), keeping a "field:" prefix when the server gave one. */
function rewrite(message: string, nameField: string): string {
  const prefix = /^\s*\[?([A-Za-z_]+)\]?\s*:\s*/.exec(message);
  for (const [re, say] of REWRITES) {
    const m = re.exec(message.trim());
    if (!m) continue;
    const field = prefix?.[1] ?? FIELD_OF.find(([r]) => r.test(message))?.[1].replace('name-field', nameField);
    return field ? `${field}: ${say(m)}` : say(m);
  }
  return message;
}

/** formErrors for an organization or team form: Gitea's wording rewritten, each field's reason as a sentence. */
export function orgFormErrors(error: unknown, fields: readonly string[], nameField = 'username'): FormErrors {
  if (!isApiError(error)) return formErrors(error, fields);
  const message = rewrite(error.message, nameField);
  const errs = formErrors(new ApiError(error.status, { ...error.body, message }), fields);
  const out: FormErrors = { fields: {}, general: errs.general && sentence(errs.general) };
  for (const [k, v] of Object.entries(errs.fields)) out.fields[k] = fieldSentence(`${k}: ${v.charAt(0).toLowerCase()}${v.slice(1)}`);
  return out;
}

const sentence = (s: string) => {
  const t = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?]$/.test(t) ? t : `${t}.`;
};

/** An organization or team action's refusal as one sentence (for alerts outside a form). */
export function orgErrorText(error: unknown): string | null {
  if (!error) return null;
  return orgFormErrors(error, []).general;
}
