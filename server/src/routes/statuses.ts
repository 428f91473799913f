import { createRouter } from '../api/openapi.ts';

export const statusesRoutes = createRouter();
