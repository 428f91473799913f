import { createRouter } from '../api/openapi.ts';

export const pullsRoutes = createRouter();
