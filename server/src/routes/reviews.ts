import { createRouter } from '../api/openapi.ts';

export const reviewsRoutes = createRouter();
