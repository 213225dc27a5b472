/** Spec point 9: the session token lives in the `access_token` cookie (the site sets it, the server reads it). */
export const TOKEN_COOKIE = "access_token";
