// The build's dictionary files (scripts/vite-dictionaries.ts), for the server render.
declare module "virtual:site-dictionaries/urls" {
  const urls: Record<string, Record<string, string>>;
  export default urls;
}
declare module "virtual:site-dictionaries/texts" {
  const texts: Record<string, Record<string, { [key: string]: unknown }>>;
  export default texts;
}
