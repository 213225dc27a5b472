// `npm run bench`: runs bench/run.ts (TypeScript, through tsx) in this process. See bench/README.md.
import { register } from "tsx/esm/api";

register();
await import("../bench/run.ts");
