import { createRouter } from '../api/openapi.ts';

export const pullMergeRoutes = createRouter();
