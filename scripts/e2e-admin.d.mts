export function createE2eAdmin(env: NodeJS.ProcessEnv): number;
