/**
 * localStorage that never throws: private modes, disabled storage and server rendering all read as "nothing
 * stored", so a preference is lost at worst, never the page.
 */
export const storage = {
  get(key: string): string | null {
    try {
      return typeof window === "undefined" ? null : window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage full or disabled: the preference lasts for this page only
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // as above
    }
  },
};

/** Stored client values of spec point 3 that the shell owns. */
export const STORAGE_KEYS = {
  colorMode: "colorMode",
  drawerCompact: "drawerCompact",
  cookiesAccepted: "cookiesAccepted",
} as const;

/**
 * Runs first in <head>: where the browser refuses the page its storage (a game frame or the messenger's web
 * client embedding the site from another site, with third-party storage blocked), every read of
 * `sessionStorage` / `localStorage` throws a SecurityError, and libraries that read them unguarded (React
 * Router's scroll restoration script removes its key in its own catch) would fail with it. Such a page gets an
 * in-memory stand-in instead: what it stores lasts until the page goes, as in a private window.
 */
export const STORAGE_SHIM_SCRIPT = `(function(){function m(){var d=new Map();return{getItem:function(k){k=String(k);return d.has(k)?d.get(k):null},setItem:function(k,v){d.set(String(k),String(v))},removeItem:function(k){d.delete(String(k))},clear:function(){d.clear()},key:function(i){return Array.from(d.keys())[i]||null},get length(){return d.size}}}["sessionStorage","localStorage"].forEach(function(n){try{window[n].length}catch(e){try{Object.defineProperty(window,n,{value:m(),configurable:true})}catch(e2){}}})})()`;
