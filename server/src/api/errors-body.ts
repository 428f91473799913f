import type { Config } from '../config.ts';

export const errorBody = (config: Config, message: string, extra: Record<string, unknown> = {}) => ({
  message,
  url: `${config.rootUrl}api/swagger`,
  ...extra,
});
