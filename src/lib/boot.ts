// The answers index.html asked for before the app's code arrived (issue #22): /config.json and, on
// the embedded server, GET /api/v1/user/sessions/current. Each is handed out once; the caller asks
// itself when there is none (tests, a page without the script, a second call).
type BootRequest = 'config' | 'session';

declare global {
  interface Window {
    __forgeBoot?: Partial<Record<BootRequest, Promise<Response>>>;
  }
}

/** The early request's answer, once; undefined when there is none. */
export function takeBootResponse(name: BootRequest): Promise<Response> | undefined {
  const boot = typeof window === 'undefined' ? undefined : window.__forgeBoot;
  const p = boot?.[name];
  if (boot) delete boot[name];
  return p;
}
