export interface BuildTarget {
  name: string;
  outDir: string;
  output: string;
  inputs: string[];
  /** The package.json script that builds it. */
  script?: string;
  command: [string, string[]];
}
export interface Freshness {
  fresh: boolean;
  hash: string;
  reason: string;
}
export const STAMP_FILE: string;
export const targets: { web: BuildTarget; server: BuildTarget };
export function listInputs(root: string, inputs: string[]): string[];
export function inputHash(root: string, target: BuildTarget): string;
export function readStamp(root: string, target: BuildTarget): { hash: string; builtAt?: string } | null;
export function writeStamp(root: string, target: BuildTarget, hash: string): void;
export function removeStamp(root: string, target: BuildTarget): void;
export function checkFresh(root: string, target: BuildTarget): Freshness;
export function buildTarget(root: string, target: BuildTarget, hash?: string): boolean;
