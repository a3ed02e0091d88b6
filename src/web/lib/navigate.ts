/**
 * Lets non-React code (the api client) navigate. The router registers its navigate function at start;
 * before that, a full page load is the fallback.
 */
type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: NavigateFn = (to) => window.location.assign(to);

export function registerNavigate(fn: NavigateFn): void {
  navigateImpl = fn;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigateImpl(to, options);
}
