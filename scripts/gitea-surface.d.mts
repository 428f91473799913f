/** null: keep as sent; "Name": an object of that interface; "Name[]": an array of them; "{Name}": a map of them. */
export type TypeRef = string | null;
export interface GiteaRoute {
  method: string;
  path: string;
  response: TypeRef;
  body: TypeRef;
  query: string[];
}
export interface GiteaSurface {
  version: string;
  routes: GiteaRoute[];
  types: Record<string, Record<string, TypeRef>>;
}
export function giteaSurface(): GiteaSurface;
