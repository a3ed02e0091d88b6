import ky from "ky";

// Minimal client; the web-shell owner extends it with the error handling of SPEC section 8.
export const api = ky.create({ prefixUrl: "/api/", headers: { Accept: "application/json" } });
