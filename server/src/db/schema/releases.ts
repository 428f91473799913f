// Releases (Gitea's `release` table). Assets are `attachment` rows with release_id set.
import type { Generated } from 'kysely';

export interface ReleaseTable {
  id: Generated<number>;
  repo_id: number;
  publisher_id: number;
  tag_name: string;
  lower_tag_name: string;
  /** The branch or commit the tag is (or will be, for a draft) created from. */
  target: string;
  title: string;
  /** The tag's commit once the tag exists ('' for a draft whose tag is not made yet). */
  sha1: string;
  note: string;
  is_draft: number;
  is_prerelease: number;
  created_unix: number;
}
