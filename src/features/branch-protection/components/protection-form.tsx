// Add or edit one protection rule, grouped as Gitea's form: the rule and its preview, push,
// force push, signed commits, protected files, then what a merge needs. Errors show beside the
// field they concern and what the user typed stays.
import { useState, type ReactNode } from 'react';
import type { UseQueryOptions } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Checkbox, TextField, inputClass } from '@/components/ui/field';
import { Button } from '@/components/ui/button';
import { UserPicker } from '@/components/ui/user-picker';
import { errorMessage } from '@/lib/api/api-error';
import type { components } from '@/lib/api/schema';
import type { BranchProtection } from '../api/protection-queries';
import { useCreateProtection } from '../api/use-create-protection';
import { useEditProtection } from '../api/use-edit-protection';
import { changedFields, createBody, serverErrors, toDraft, validateDraft, type DraftErrors, type RuleDraft } from '../rule-draft';
import { PatternPreview } from './pattern-preview';
import { TeamPicker } from './team-picker';
import { ContextPicker } from './context-picker';

type User = components['schemas']['User'];

export interface ProtectionFormProps {
  owner: string;
  repo: string;
  /** The rule being edited; null for a new rule. */
  rule: BranchProtection | null;
  /** Existing branch names, for the preview. */
  branches: string[];
  /** Branch name → the rule protecting it now (for the preview). */
  protectedBy?: Record<string, string>;
  /** True when `branches` is only the first page of a long list. */
  branchesPartial: boolean;
  /** The organization's team names; null for a repository owned by a user (no teams). */
  teams: string[] | null;
  userSearch: (q: string) => UseQueryOptions<User[], Error, User[], any>;
  /** Status contexts seen on recent commits. */
  contexts: string[];
  onSaved: (ruleName: string) => void;
  onCancel: () => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-800">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

function Radio({ name, label, hint, checked, onChange }: { name: string; label: string; hint?: string; checked: boolean; onChange: () => void }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="radio" name={name} className="mt-0.5 h-4 w-4 accent-indigo-600" checked={checked} onChange={onChange} />
      <span>
        <span className="font-medium">{label}</span>
        {hint && <span className="block text-xs text-gray-500 dark:text-gray-400">{hint}</span>}
      </span>
    </label>
  );
}

const narrowInput = inputClass.replace('w-full', 'w-32');
// The rule name of an existing rule cannot change: shown greyed so it does not invite typing.
const readOnlyInput = inputClass.replace('bg-white', 'bg-gray-100 text-gray-600').replace('dark:bg-gray-900', 'dark:bg-gray-800');
const nested = 'space-y-3 border-l-2 border-gray-200 pl-4 dark:border-gray-800';

export function ProtectionForm(props: ProtectionFormProps) {
  const { owner, repo, rule, branches, protectedBy, branchesPartial, teams, userSearch, contexts, onSaved, onCancel } = props;
  const [initial] = useState(() => toDraft(rule));
  const [d, setD] = useState<RuleDraft>(initial);
  const [checked, setChecked] = useState<DraftErrors>({});
  const create = useCreateProtection(owner, repo);
  const edit = useEditProtection(owner, repo);
  const saving = rule ? edit : create;
  const refused: DraftErrors = saving.error ? serverErrors(errorMessage(saving.error), d) : {};
  const errors: DraftErrors = { ...refused, ...checked };
  const set = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) => setD((x) => ({ ...x, [key]: value }));
  const changes = rule ? changedFields(initial, d) : null;
  const unchanged = changes !== null && Object.keys(changes).length === 0;

  const whitelist = (prefix: string, users: keyof RuleDraft, teamKey: keyof RuleDraft) => (
    <>
      <UserPicker
        label={`People who may ${prefix}`}
        search={userSearch}
        value={d[users] as string[]}
        onChange={(v) => set(users, v as never)}
        error={errors[users]}
      />
      {teams !== null && (
        <TeamPicker
          label={`Teams who may ${prefix}`}
          teams={teams}
          value={d[teamKey] as string[]}
          onChange={(v) => set(teamKey, v as never)}
          error={errors[teamKey]}
        />
      )}
    </>
  );

  const submit = () => {
    const found = validateDraft(d);
    setChecked(found);
    if (Object.keys(found).length) return;
    saving.reset();
    if (rule) {
      edit.mutate(
        { name: rule.rule_name, changes: changes ?? {} },
        {
          onSuccess: () => {
            toast.success(`Rule ${rule.rule_name} saved`);
            onSaved(rule.rule_name);
          },
        },
      );
    } else {
      const name = d.rule_name.trim();
      create.mutate(createBody(d), {
        onSuccess: () => {
          toast.success(`Rule ${name} created`);
          onSaved(name);
        },
      });
    }
  };

  return (
    <form
      className="space-y-5"
      noValidate
      aria-label={rule ? `Edit rule ${rule.rule_name}` : 'New protection rule'}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Section title="Rule">
        <TextField
          label="Branch name or pattern"
          name="rule_name"
          value={d.rule_name}
          onChange={(e) => set('rule_name', e.target.value)}
          error={errors.rule_name}
          readOnly={!!rule}
          className={rule ? readOnlyInput : undefined}
          autoComplete="off"
          autoFocus={!rule}
          hint={
            rule
              ? 'A rule keeps its name; to protect other branches, add a new rule.'
              : 'A branch name (main), or a glob: * within one path segment, ** across them (release/*, feature/**).'
          }
        />
        <PatternPreview pattern={d.rule_name} branches={branches} partial={branchesPartial} protectedBy={protectedBy} />
        <TextField
          label="Priority"
          name="priority"
          inputMode="numeric"
          value={d.priority}
          onChange={(e) => set('priority', e.target.value)}
          error={errors.priority}
          hint="When several rules match a branch, the one with the higher priority applies; at equal priority a plain name beats a pattern."
          className={narrowInput}
        />
      </Section>

      <Section title="Push">
        <Radio
          name="push"
          label="Disable push"
          hint="No one can push to matching branches; changes arrive through pull requests."
          checked={!d.enable_push}
          onChange={() => setD((x) => ({ ...x, enable_push: false, enable_push_whitelist: false }))}
        />
        <Radio
          name="push"
          label="Enable push"
          hint="Anyone with write access may push (not force push)."
          checked={d.enable_push && !d.enable_push_whitelist}
          onChange={() => setD((x) => ({ ...x, enable_push: true, enable_push_whitelist: false }))}
        />
        <Radio
          name="push"
          label="Restrict push to a whitelist"
          hint="Only the people and teams listed may push."
          checked={d.enable_push && d.enable_push_whitelist}
          onChange={() => setD((x) => ({ ...x, enable_push: true, enable_push_whitelist: true }))}
        />
        {d.enable_push && d.enable_push_whitelist && (
          <div className={nested}>
            {whitelist('push', 'push_whitelist_usernames', 'push_whitelist_teams')}
            <Checkbox
              label="Deploy keys with write access may push"
              checked={d.push_whitelist_deploy_keys}
              onChange={(e) => set('push_whitelist_deploy_keys', e.target.checked)}
            />
          </div>
        )}
      </Section>

      <Section title="Force push">
        <Radio
          name="force_push"
          label="Disable force push"
          checked={!d.enable_force_push}
          onChange={() => setD((x) => ({ ...x, enable_force_push: false, enable_force_push_allowlist: false }))}
        />
        <Radio
          name="force_push"
          label="Enable force push"
          hint="Anyone who may push may also rewrite history."
          checked={d.enable_force_push && !d.enable_force_push_allowlist}
          onChange={() => setD((x) => ({ ...x, enable_force_push: true, enable_force_push_allowlist: false }))}
        />
        <Radio
          name="force_push"
          label="Restrict force push to an allowlist"
          checked={d.enable_force_push && d.enable_force_push_allowlist}
          onChange={() => setD((x) => ({ ...x, enable_force_push: true, enable_force_push_allowlist: true }))}
        />
        {d.enable_force_push && d.enable_force_push_allowlist && (
          <div className={nested}>
            {whitelist('force push', 'force_push_allowlist_usernames', 'force_push_allowlist_teams')}
            <Checkbox
              label="Deploy keys may force push"
              checked={d.force_push_allowlist_deploy_keys}
              onChange={(e) => set('force_push_allowlist_deploy_keys', e.target.checked)}
            />
          </div>
        )}
      </Section>

      <Section title="Signed commits">
        <Checkbox
          label="Require signed commits"
          hint="Pushes with an unsigned or unverifiable commit are refused."
          checked={d.require_signed_commits}
          onChange={(e) => set('require_signed_commits', e.target.checked)}
        />
      </Section>

      <Section title="Protected files">
        <TextField
          label="Protected file patterns"
          name="protected_file_patterns"
          value={d.protected_file_patterns}
          onChange={(e) => set('protected_file_patterns', e.target.value)}
          error={errors.protected_file_patterns}
          hint="Separated by semicolons, e.g. .drone.yml;/docs/**/*.txt. Changes to these files cannot be pushed directly, even by those who may push."
        />
        <TextField
          label="Unprotected file patterns"
          name="unprotected_file_patterns"
          value={d.unprotected_file_patterns}
          onChange={(e) => set('unprotected_file_patterns', e.target.value)}
          error={errors.unprotected_file_patterns}
          hint="Separated by semicolons. Changes touching only these files may be pushed directly even when push is restricted."
        />
      </Section>

      <Section title="Merge whitelist">
        <Checkbox
          label="Restrict who may merge"
          hint="Only the people and teams listed may merge pull requests into matching branches."
          checked={d.enable_merge_whitelist}
          onChange={(e) => set('enable_merge_whitelist', e.target.checked)}
        />
        {d.enable_merge_whitelist && <div className={nested}>{whitelist('merge', 'merge_whitelist_usernames', 'merge_whitelist_teams')}</div>}
      </Section>

      <Section title="Status checks">
        <Checkbox
          label="Require status checks to pass before merging"
          checked={d.enable_status_check}
          onChange={(e) => set('enable_status_check', e.target.checked)}
        />
        {d.enable_status_check && (
          <div className={nested}>
            <ContextPicker
              value={d.status_check_contexts}
              onChange={(v) => set('status_check_contexts', v)}
              seen={contexts}
              error={errors.status_check_contexts}
            />
          </div>
        )}
      </Section>

      <Section title="Approvals">
        <TextField
          label="Required approvals"
          name="required_approvals"
          inputMode="numeric"
          value={d.required_approvals}
          onChange={(e) => set('required_approvals', e.target.value)}
          error={errors.required_approvals}
          hint="Approving reviews a pull request needs before it can merge; 0 needs none."
          className={narrowInput}
        />
        <Checkbox
          label="Count only approvals from listed people and teams"
          checked={d.enable_approvals_whitelist}
          onChange={(e) => set('enable_approvals_whitelist', e.target.checked)}
        />
        {d.enable_approvals_whitelist && <div className={nested}>{whitelist('approve', 'approvals_whitelist_username', 'approvals_whitelist_teams')}</div>}
      </Section>

      <Section title="Reviews">
        <Checkbox
          label="Block merge on rejected reviews"
          hint="A review requesting changes blocks the merge, even with enough approvals."
          checked={d.block_on_rejected_reviews}
          onChange={(e) => set('block_on_rejected_reviews', e.target.checked)}
        />
        <Checkbox
          label="Block merge on official review requests"
          hint="A pending review request to an official reviewer blocks the merge."
          checked={d.block_on_official_review_requests}
          onChange={(e) => set('block_on_official_review_requests', e.target.checked)}
        />
        <Checkbox
          label="Dismiss stale approvals"
          hint="New commits pushed to the pull request dismiss its approvals."
          checked={d.dismiss_stale_approvals}
          onChange={(e) => set('dismiss_stale_approvals', e.target.checked)}
        />
        <Checkbox
          label="Ignore stale approvals"
          hint="Approvals of older commits do not count (they are kept, not dismissed)."
          checked={d.ignore_stale_approvals}
          onChange={(e) => set('ignore_stale_approvals', e.target.checked)}
        />
      </Section>

      <Section title="Outdated branch">
        <Checkbox
          label="Block merge if the pull request is outdated"
          hint="The head branch must contain the latest commit of the base branch."
          checked={d.block_on_outdated_branch}
          onChange={(e) => set('block_on_outdated_branch', e.target.checked)}
        />
      </Section>

      <Section title="Administrators">
        <Checkbox
          label="Administrators follow this rule too"
          hint="Without this, repository administrators may merge past the rule."
          checked={d.block_admin_merge_override}
          onChange={(e) => set('block_admin_merge_override', e.target.checked)}
        />
      </Section>

      {errors.general && (
        <div
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {errors.general}
        </div>
      )}
      {Object.keys(errors).some((k) => k !== 'general') && (
        <p className="text-sm text-red-700 dark:text-red-400">Some fields need attention; they are marked above.</p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" disabled={saving.isPending || unchanged}>
          {saving.isPending ? 'Saving…' : rule ? 'Save rule' : 'Create rule'}
        </Button>
      </div>
    </form>
  );
}
