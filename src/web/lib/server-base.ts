/**
 * Base address of the API server. Empty means same origin (production, or the vite dev proxy).
 * VITE_SERVER_URL points a dev build at another host. Its own module so the entry can use it without
 * the HTTP client (ky and its error handling load with the app).
 */
export const SERVER_BASE: string = ((import.meta.env.VITE_SERVER_URL as string | undefined) ?? "").replace(/\/$/, "");
