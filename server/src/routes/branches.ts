// branches routes (to be filled in).
import { createRouter } from '../api/openapi.ts';

export const branchesRoutes = createRouter();
