// Gitea 1.23's API surface, read from gitea-js (its generated TypeScript client, a devDependency):
// every route as (method, path template, response and body types, query parameter names) and, for every
// response type, the fields Gitea sends with the type of each nested object. The Gitea-surface
// proxy (e2e/gitea/surface-proxy.ts, issue #19) uses it to answer 404 to routes Gitea lacks, drop
// query parameters it ignores and strip the fields it does not send.
//
//   node scripts/gitea-surface.mjs            prints a summary
//   node scripts/gitea-surface.mjs --json     prints the whole surface as JSON
//
// A type reference (`TypeRef`) is null (keep as sent: a string, number, any…), "Name" (an object
// of the interface Name), "Name[]" (an array of them) or "{Name}" (a map whose values are them).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

const require = createRequire(import.meta.url);

/** @typedef {string | null} TypeRef */
/** @typedef {{ method: string, path: string, response: TypeRef, body: TypeRef, query: string[] }} Route */
/** @typedef {{ version: string, routes: Route[], types: Record<string, Record<string, TypeRef>> }} Surface */

/** @returns {Surface} */
export function giteaSurface() {
  // The package exports no package.json: find it from its main file (dist/index.js).
  const dist = path.dirname(require.resolve('gitea-js'));
  const version = JSON.parse(fs.readFileSync(path.join(dist, '../package.json'), 'utf8')).version;
  const dts = path.join(dist, 'index.d.ts');
  const source = ts.createSourceFile(dts, fs.readFileSync(dts, 'utf8'), ts.ScriptTarget.Latest, true);

  const interfaces = new Map();
  let apiClass = null;
  for (const node of source.statements) {
    if (ts.isInterfaceDeclaration(node) && !node.typeParameters && !node.heritageClauses) interfaces.set(node.name.text, node);
    if (ts.isClassDeclaration(node) && node.name?.text === 'Api') apiClass = node;
  }
  if (!apiClass) throw new Error(`gitea-js ${version}: no Api class in ${dts}`);

  /** @returns {TypeRef} */
  const refOf = (type) => {
    if (!type) return null;
    if (ts.isParenthesizedTypeNode(type)) return refOf(type.type);
    if (ts.isArrayTypeNode(type)) {
      const inner = refOf(type.elementType);
      return inner && !inner.endsWith(']') && !inner.startsWith('{') ? `${inner}[]` : null;
    }
    if (ts.isTypeReferenceNode(type)) {
      const name = type.typeName.getText(source);
      if (name === 'Record' && type.typeArguments?.length === 2) {
        const inner = refOf(type.typeArguments[1]);
        return inner && !inner.endsWith(']') && !inner.startsWith('{') ? `{${inner}}` : null;
      }
      return interfaces.has(name) ? name : null;
    }
    return null;
  };

  /** @type {Record<string, Record<string, TypeRef>>} */
  const types = {};
  for (const [name, node] of interfaces) {
    const fields = {};
    for (const m of node.members) if (ts.isPropertySignature(m) && m.name) fields[m.name.getText(source).replace(/^['"]|['"]$/g, '')] = refOf(m.type);
    types[name] = fields;
  }

  /** @type {Route[]} */
  const routes = [];
  for (const group of apiClass.members) {
    if (!ts.isPropertyDeclaration(group) || !group.type || !ts.isTypeLiteralNode(group.type)) continue;
    for (const m of group.type.members) {
      if (!ts.isPropertySignature(m) || !m.type || !ts.isFunctionTypeNode(m.type)) continue;
      const doc = ts
        .getJSDocTags(m)
        .find((t) => t.tagName.text === 'request')
        ?.comment?.toString();
      const match = doc?.match(/^([A-Z]+):(\S+)/);
      if (!match) continue;
      // Promise<HttpResponse<Data, Error>>
      const ret = m.type.type;
      const httpResponse = ts.isTypeReferenceNode(ret) ? ret.typeArguments?.[0] : undefined;
      const data = httpResponse && ts.isTypeReferenceNode(httpResponse) ? httpResponse.typeArguments?.[0] : undefined;
      const queryParam = m.type.parameters.find((p) => p.name.getText(source) === 'query');
      const query =
        queryParam?.type && ts.isTypeLiteralNode(queryParam.type)
          ? queryParam.type.members.map((q) => q.name?.getText(source).replace(/^['"]|['"]$/g, '') ?? '')
          : [];
      const bodyParam = m.type.parameters.find((p) => p.name.getText(source) === 'body');
      routes.push({ method: match[1], path: match[2], response: refOf(data), body: refOf(bodyParam?.type), query: query.filter(Boolean) });
    }
  }
  return { version, routes, types };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const surface = giteaSurface();
  if (process.argv.includes('--json')) console.log(JSON.stringify(surface, null, 2));
  else {
    const typed = surface.routes.filter((r) => r.response).length;
    console.log(
      `Gitea ${surface.version} (gitea-js): ${surface.routes.length} routes (${typed} with a typed JSON answer), ${Object.keys(surface.types).length} types`,
    );
  }
}
