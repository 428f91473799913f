// What a suggestion block needs from its page: whether the viewer may apply it (push to the head
// branch), applying one or a batch as one commit, and which suggestions were applied already. The
// pull request's Files changed page provides it; elsewhere suggestions show read-only.
import { createContext, useContext } from 'react';
import type { ThreadComment } from '../lib/review-threads';

export interface SuggestionItem {
  comment: ThreadComment;
  /** The lines replaced, 1-based inclusive, on the new side of the comment's commit. */
  start: number;
  end: number;
  replacement: string;
}

export interface SuggestionActions {
  canApply: boolean;
  /** Why not (shown on hover/beside the block), when canApply is false. */
  cannotApplyReason?: string;
  /** The commit that applied this comment's suggestion, if any. */
  appliedIn: (commentId: number) => string | null;
  /** Commits the items (one commit); rejects with a message to show. */
  apply: (items: SuggestionItem[]) => Promise<string>;
  batch: SuggestionItem[];
  toggleBatch: (item: SuggestionItem) => void;
}

export const SuggestionContext = createContext<SuggestionActions | null>(null);

export const useSuggestionActions = () => useContext(SuggestionContext);
