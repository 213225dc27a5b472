/** The provider the current session came from (local storage): set by an external login, read at boot. */
export const EXTERNAL_PROVIDER_KEY = "externalLoginProvider";
