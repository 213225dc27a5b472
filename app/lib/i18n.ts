import i18next, { type i18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { SiteLocale } from "#common/i18n/locales";
import type { Api } from "./api";

/** The content service's directories (spec point 7); each is an i18next namespace: t("layout:header.signIn"). */
export const NAMESPACES = ["layout", "global-components", "alerts", "modals", "fields-settings"] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type Dictionaries = Record<Namespace, Record<string, unknown>>;

const TTL_MS = 15 * 60 * 1000;
const cache = new Map<SiteLocale, { at: number; value: Promise<Dictionaries> }>();

/** The shell's texts for a locale, cached 15 minutes (spec point 9); the server fills gaps from the default locale. */
export function loadDictionaries(api: Api, locale: SiteLocale): Promise<Dictionaries> {
  const hit = cache.get(locale);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = api.get("/content/directories", { locale }).then((r) => r.data);
  value.catch(() => cache.delete(locale));
  cache.set(locale, { at: Date.now(), value });
  return value;
}

/** One i18next instance per render on the server, one per locale in the browser. */
export function createI18n(locale: SiteLocale, dictionaries: Dictionaries): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    // Site locales are lowercase ("pt-br"); without this i18next looks for "pt-BR" and finds no texts.
    lowerCaseLng: true,
    load: "currentOnly",
    fallbackLng: false,
    resources: { [locale]: dictionaries },
    ns: [...NAMESPACES],
    defaultNS: "layout",
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
