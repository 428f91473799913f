// commits routes (to be filled in).
import { createRouter } from '../api/openapi.ts';

export const commitsRoutes = createRouter();
