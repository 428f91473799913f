/** An Authorization header for Basic auth (UTF-8 safe), for the routes Gitea opens only to a password. */
export const basicAuth = (user: string, password: string) => `Basic ${btoa(unescape(encodeURIComponent(`${user}:${password}`)))}`;
