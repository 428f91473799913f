// The OpenAPI document and the web app's generated types must match the route declarations.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate } from '../scripts/generate-openapi.ts';

describe('API contract', () => {
  it('openapi/openapi.json and src/lib/api/schema.d.ts are up to date (run npm run api:generate)', async () => {
    const { json, dts } = await generate();
    expect(fs.readFileSync('openapi/openapi.json', 'utf8') === json, 'openapi/openapi.json is stale').toBe(true);
    expect(fs.readFileSync('src/lib/api/schema.d.ts', 'utf8') === dts, 'src/lib/api/schema.d.ts is stale').toBe(true);
  });

  it('declares every route with an operationId, so clients get stable names', async () => {
    const doc = JSON.parse((await generate()).json);
    const missing: string[] = [];
    for (const [p, item] of Object.entries<any>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) if (!op.operationId) missing.push(`${method.toUpperCase()} ${p}`);
    }
    expect(missing).toEqual([]);
  });
});
