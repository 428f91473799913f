// The spec's limits for an organization's fields (api.md, Organizations; Gitea's CreateOrgOption),
// shown before submit so the server's 422 is the exception.
export const ORG_LIMITS = {
  username: 40,
  full_name: 100,
  email: 255,
  description: 255,
  website: 255,
  location: 50,
} as const;

export type OrgField = keyof typeof ORG_LIMITS;
export const ORG_FIELDS = Object.keys(ORG_LIMITS) as OrgField[];
