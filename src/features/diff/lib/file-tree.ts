// The changed files as a folder tree in the diff's own order (git's tree order, so the tree reads
// top to bottom as the diff and j/k go); a chain of folders with a single subfolder each is shown as
// one entry ("src/features/diff"), as GitHub and Gitea do.
import type { FileModel } from './diff-model';

export interface TreeFolder {
  kind: 'folder';
  name: string;
  /** Full path of the folder, the key of its open/closed state. */
  path: string;
  children: TreeNode[];
}
export interface TreeFile {
  kind: 'file';
  name: string;
  model: FileModel;
}
export type TreeNode = TreeFolder | TreeFile;
export interface TreeRow {
  node: TreeNode;
  depth: number;
}

function compress(node: TreeNode): TreeNode {
  if (node.kind === 'file') return node;
  let folder = node;
  while (folder.children.length === 1 && folder.children[0]!.kind === 'folder') {
    const only = folder.children[0] as TreeFolder;
    folder = { kind: 'folder', name: `${folder.name}/${only.name}`, path: only.path, children: only.children };
  }
  return { ...folder, children: folder.children.map(compress) };
}

export function buildTree(models: FileModel[]): TreeNode[] {
  const root: TreeFolder = { kind: 'folder', name: '', path: '', children: [] };
  const folders = new Map<string, TreeFolder>([['', root]]);
  for (const model of models) {
    const parts = model.path.split('/');
    let parent = root;
    for (let i = 0; i < parts.length - 1; i++) {
      const path = parts.slice(0, i + 1).join('/');
      let folder = folders.get(path);
      if (!folder) {
        folder = { kind: 'folder', name: parts[i]!, path, children: [] };
        folders.set(path, folder);
        parent.children.push(folder);
      }
      parent = folder;
    }
    parent.children.push({ kind: 'file', name: parts.at(-1)!, model });
  }
  return root.children.map(compress);
}

/** The rows to show: every node whose folders are all open, with its depth. */
export function flattenTree(nodes: TreeNode[], closed: ReadonlySet<string>, depth = 0, out: TreeRow[] = []): TreeRow[] {
  for (const node of nodes) {
    out.push({ node, depth });
    if (node.kind === 'folder' && !closed.has(node.path)) flattenTree(node.children, closed, depth + 1, out);
  }
  return out;
}
